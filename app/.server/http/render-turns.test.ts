import { describe, expect, it } from "vitest";
import { renderTurns } from "./render-turns.ts";

describe("renderTurns", () => {
  it("starts the next render only in the next turn of the event loop, however soon the first ends", async () => {
    const pending: (() => void)[] = [];
    const turns = renderTurns(1, (turn) => pending.push(turn));
    const log: string[] = [];
    const first = turns.run(async () => log.push("first"));
    const second = turns.run(async () => log.push("second"));
    expect(log).toEqual([]);
    pending.shift()?.();
    await first;
    // The first is answered; the second waits for a turn the loop has not taken yet (its sockets come first).
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(log).toEqual(["first"]);
    pending.shift()?.();
    await second;
    expect(log).toEqual(["first", "second"]);
  });

  it("on the real event loop, lets a timer due meanwhile run between two renders", async () => {
    const turns = renderTurns(1);
    const log: string[] = [];
    const first = turns.run(async () => {
      log.push("first");
      // Busy for 3 ms, as a render is: the timer is due when the loop comes round.
      setTimeout(() => log.push("timer"), 1);
      const until = Date.now() + 3;
      while (Date.now() < until);
    });
    const second = turns.run(async () => log.push("second"));
    await Promise.all([first, second]);
    expect(log).toEqual(["first", "timer", "second"]);
  });

  it("renders in the order asked, each one's answer to its own asker, and counts who waits", async () => {
    const turns = renderTurns(2);
    const order: number[] = [];
    const answers = [1, 2, 3, 4, 5].map((n) =>
      turns.run(async () => {
        order.push(n);
        return n * 10;
      }),
    );
    expect(turns.waiting()).toBe(5);
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40, 50]);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(turns.waiting()).toBe(0);
  });

  it("passes a render's failure to its asker and goes on with the others", async () => {
    const turns = renderTurns(1);
    const failing = turns.run(async () => {
      throw new Error("render failed");
    });
    const next = turns.run(async () => "rendered");
    await expect(failing).rejects.toThrow("render failed");
    expect(await next).toBe("rendered");
  });
});
