import { useEffect, useRef } from "react";

export type Series = { label: string; values: number[]; color: string; axis?: "left" | "right" };

/**
 * A bar or line chart drawn with chart.js, loaded in the browser only. The
 * numbers are also in a table next to it, so the chart is a picture of data
 * everyone can read, not the only way to get it.
 */
export function Chart({ kind, labels, series, title }: { kind: "bar" | "line"; labels: string[]; series: Series[]; title: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let cancelled = false;
    (async () => {
      const { Chart: ChartJs, registerables } = await import("chart.js");
      if (cancelled || !canvas.current) return;
      ChartJs.register(...registerables);
      const twoAxes = series.some((s) => s.axis === "right");
      chart = new ChartJs(canvas.current, {
        type: kind,
        data: {
          labels,
          datasets: series.map((s) => ({
            label: s.label,
            data: s.values,
            backgroundColor: s.color,
            borderColor: s.color,
            yAxisID: s.axis === "right" ? "y1" : "y",
            tension: 0.25,
          })),
        },
        options: {
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          interaction: { mode: "index", intersect: false },
          plugins: { legend: { display: series.length > 1 } },
          scales: {
            x: { ticks: { maxRotation: 0, autoSkipPadding: 12 } },
            y: { beginAtZero: true, position: "left" },
            ...(twoAxes ? { y1: { beginAtZero: true, position: "right" as const, grid: { drawOnChartArea: false } } } : {}),
          },
        },
      });
    })();
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [kind, labels, series]);
  return (
    <div className="relative h-64 w-full min-w-0">
      <canvas ref={canvas} role="img" aria-label={title} />
    </div>
  );
}
