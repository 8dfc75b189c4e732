import type { Worker } from "./worker.ts";

/**
 * Several workers run as one. Each lane claims only its own job types, so a
 * long bulk queue (thousands of image derivatives while a race imports) never
 * holds back a buyer's payment e-mail, delivery or zip.
 */
export function combineWorkers(...lanes: Worker[]): Worker {
  return {
    start() {
      for (const lane of lanes) lane.start();
    },
    async stop() {
      await Promise.all(lanes.map((lane) => lane.stop()));
    },
    async drain() {
      // A job in one lane may queue work for another (a delivery queues its e-mail): go round a few times.
      for (let pass = 0; pass < 3; pass++) await Promise.all(lanes.map((lane) => lane.drain()));
    },
    async idle(types) {
      await Promise.all(lanes.map((lane) => lane.idle(types)));
    },
  };
}
