/** A one-line terminal progress bar; on a non-TTY it prints every tenth. */
export function progressBar(out: NodeJS.WriteStream) {
  let lastTenth = -1;
  let active = false;
  return {
    update(done: number, total: number, label: string) {
      if (total === 0) return;
      active = true;
      const ratio = done / total;
      if (out.isTTY) {
        const width = 30;
        const filled = Math.round(ratio * width);
        out.write(`\r[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total} ${label.slice(0, 30).padEnd(30)}`);
      } else if (Math.floor(ratio * 10) !== lastTenth) {
        lastTenth = Math.floor(ratio * 10);
        out.write(`${done}/${total} ${label}\n`);
      }
    },
    done() {
      if (active && out.isTTY) out.write("\n");
      active = false;
    },
  };
}
