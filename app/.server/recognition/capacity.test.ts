import { describe, expect, it } from "vitest";
import { cpuQuota, readingCapacity } from "./capacity.ts";

const GB = 1024 ** 3;

describe("readingCapacity", () => {
  it("reads one photo a core, with the detector's second look, on a shop's two cores and more", () => {
    expect(readingCapacity({}, { cores: 2, memory: 24 * GB })).toEqual({ readers: 2, secondLook: 768 });
    expect(readingCapacity({}, { cores: 4, memory: 16 * GB })).toEqual({ readers: 4, secondLook: 768 });
    expect(readingCapacity({}, { cores: 16, memory: 64 * GB })).toEqual({ readers: 16, secondLook: 768 });
  });

  it("leaves the second look out where one reader does all the work", () => {
    expect(readingCapacity({}, { cores: 1, memory: 8 * GB })).toEqual({ readers: 1, secondLook: 0 });
  });

  it("starts no more readers than the memory holds, and always one", () => {
    expect(readingCapacity({}, { cores: 8, memory: 3 * GB })).toEqual({ readers: 3, secondLook: 768 });
    expect(readingCapacity({}, { cores: 4, memory: 0.5 * GB })).toEqual({ readers: 1, secondLook: 0 });
  });

  it("lets the operator's choice win over the machine's", () => {
    expect(readingCapacity({ readers: 1 }, { cores: 8, memory: 32 * GB })).toEqual({ readers: 1, secondLook: 0 });
    expect(readingCapacity({ secondLook: 1024 }, { cores: 2, memory: 8 * GB })).toEqual({ readers: 2, secondLook: 1024 });
    expect(readingCapacity({ secondLook: 0 }, { cores: 8, memory: 32 * GB })).toEqual({ readers: 8, secondLook: 0 });
  });
});

describe("cpuQuota", () => {
  it("reads a container's CPU quota as whole cores, and none when unlimited or unreadable", () => {
    expect(cpuQuota(() => "200000 100000\n")).toBe(2);
    expect(cpuQuota(() => "150000 100000")).toBe(1);
    expect(cpuQuota(() => "50000 100000")).toBe(1);
    expect(cpuQuota(() => "max 100000")).toBeUndefined();
    expect(
      cpuQuota(() => {
        throw new Error("ENOENT");
      }),
    ).toBeUndefined();
  });
});
