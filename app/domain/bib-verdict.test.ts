import { expect, it } from "vitest";
import { bibVerdict } from "./bib-verdict.ts";

it("reads an operator's answer to a suggestion as accept, correct or reject, and refuses what is no bib number", () => {
  expect(bibVerdict("152", 152)).toEqual({ action: "accept" });
  expect(bibVerdict(" 0152 ", 152)).toEqual({ action: "accept" });
  expect(bibVerdict("1520", 152)).toEqual({ action: "correct", bib: 1520 });
  expect(bibVerdict("", 152)).toEqual({ action: "reject" });
  expect(bibVerdict("152", 152, true)).toEqual({ action: "reject" });
  // "Not a bib" wins even over text that is no number.
  expect(bibVerdict("abc", 152, true)).toEqual({ action: "reject" });
  expect(bibVerdict("15-2", 152)).toBeUndefined();
  expect(bibVerdict("1234567", 152)).toBeUndefined();
});
