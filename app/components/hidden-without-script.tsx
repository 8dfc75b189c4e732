/**
 * Hides, from a browser without JavaScript only, the element with this test id:
 * a line that would wait for ever ("loading…") or name a gesture that does nothing without it.
 */
export function HiddenWithoutScript({ testId }: { testId: string }) {
  return (
    <noscript>
      <style>{`[data-testid=${testId}]{display:none}`}</style>
    </noscript>
  );
}
