/**
 * Renders start one or a few per turn of the event loop, in the order they
 * came, so Node reads its sockets between them.
 *
 * On the embedded database a render never waits for I/O: its query, its
 * React render and its answer are one chain of promises, and Node runs such a
 * chain to its end before it looks at its sockets again. So every request
 * read in one look was rendered before the next look: under a flood of
 * never-asked bib searches (400 a second, twice what one core renders) a
 * cached page or a stylesheet asked meanwhile waited up to 7 s, and with 50
 * runners searching at once one in a hundred waited 3–4 s. Starting
 * `perTurn` renders a turn (a turn is one `setImmediate`, the next scheduled
 * from within it, so a look at the sockets comes between) keeps that wait to
 * a render or two. When renders wait for a database server they still
 * overlap as before, started a turn apart.
 */
export function renderTurns(perTurn: number, nextTurn: (turn: () => void) => void = setImmediate) {
  const queue: (() => void)[] = [];
  let scheduled = false;
  const turn = () => {
    scheduled = false;
    for (let i = 0; i < perTurn && queue.length > 0; i++) queue.shift()?.();
    if (queue.length > 0) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    nextTurn(turn);
  };
  return {
    /** Runs `work` once its turn comes. */
    async run<T>(work: () => Promise<T>): Promise<T> {
      await new Promise<void>((resolve) => {
        queue.push(resolve);
        schedule();
      });
      return work();
    },
    /** Renders waiting for their turn. */
    waiting: () => queue.length,
  };
}
