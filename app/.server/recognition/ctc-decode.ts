/** One read line: its characters and, for each, the model's probability of it. */
export type DecodedLine = { text: string; confidences: number[] };

/**
 * Greedy CTC decoding of a [steps × classes] probability matrix: best class per
 * step, repeats collapsed, blanks (class 0) dropped. A character's confidence
 * is its best step's probability.
 */
export function greedyDecode(probs: Float32Array, steps: number, classes: number, alphabet: string[]): DecodedLine {
  let text = "";
  const confidences: number[] = [];
  let previous = 0;
  for (let t = 0; t < steps; t++) {
    const row = t * classes;
    let best = 0;
    let bestP = probs[row];
    for (let c = 1; c < classes; c++) {
      const p = probs[row + c];
      if (p > bestP) {
        bestP = p;
        best = c;
      }
    }
    if (best !== 0 && best === previous) {
      const last = confidences.length - 1;
      if (bestP > confidences[last]) confidences[last] = bestP;
    } else if (best !== 0) {
      text += alphabet[best] ?? "";
      confidences.push(bestP);
    }
    previous = best;
  }
  return { text, confidences };
}
