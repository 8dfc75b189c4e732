# The whole-number verifier (app/.server/recognition/whole-number.ts): a small network that says, from a
# number's surroundings, whether it is a whole bib number or not (part of one under a hand, cut by the
# frame, a sign's). Trained on crops written by crops.ts; see README.md beside this file.
#
#   /usr/bin/python3 scripts/whole-number/train.py train <prefix,prefix,...> <model.pt> [epochs]
#   /usr/bin/python3 scripts/whole-number/train.py score <model.pt> <prefix>   (JSON lines: each crop with p)
#   /usr/bin/python3 scripts/whole-number/train.py export <model.pt> <model.onnx>
import json
import sys

import numpy as np
import torch
import torch.nn as nn

torch.set_num_threads(2)
torch.manual_seed(17)
np.random.seed(17)
ROWS, COLS = 64, 128  # whole-number.ts: WHOLE_ROWS, WHOLE_COLS


def load(prefix):
    meta = json.load(open(prefix + ".json"))
    x = np.fromfile(prefix + ".u8", dtype=np.uint8).reshape(len(meta), 3, ROWS, COLS)
    return x, meta


class Verifier(nn.Module):
    def __init__(self):
        super().__init__()

        def block(i, o):
            return nn.Sequential(nn.Conv2d(i, o, 3, padding=1, bias=False), nn.BatchNorm2d(o), nn.ReLU(inplace=True), nn.MaxPool2d(2))

        self.features = nn.Sequential(block(3, 16), block(16, 32), block(32, 64), block(64, 64))
        self.head = nn.Sequential(nn.Flatten(), nn.Dropout(0.3), nn.Linear(64 * 4 * 8, 64), nn.ReLU(inplace=True), nn.Linear(64, 1))

    def forward(self, x):
        # 0–255 levels in; each crop evened out by its own mean and spread (light, ink, camera).
        mean = x.mean(dim=(1, 2, 3), keepdim=True)
        std = x.std(dim=(1, 2, 3), keepdim=True) + 8.0
        return self.head(self.features((x - mean) / std))


def augment(b):
    """Other light, other colours, a few pixels' shift and sensor noise; never mirrored (digits)."""
    n = b.shape[0]
    b = b * torch.empty(n, 1, 1, 1).uniform_(0.6, 1.4) + torch.empty(n, 1, 1, 1).uniform_(-40, 40)
    swap = torch.rand(n) < 0.3
    if swap.any():
        b[swap] = b[swap][:, torch.randperm(3)]
    b = torch.roll(b, shifts=(np.random.randint(-4, 5), np.random.randint(-6, 7)), dims=(2, 3))
    b = b + torch.randn_like(b) * np.random.uniform(0, 12)
    return b.clamp(0, 255)


def train(prefixes, epochs):
    loaded = [load(p) for p in prefixes]
    x = torch.from_numpy(np.concatenate([x for x, _ in loaded])).float()
    y = torch.tensor([1.0 if m["kind"] == "whole" else 0.0 for _, meta in loaded for m in meta])
    whole = float(y.sum())
    print(f"{len(y)} crops, {int(whole)} whole, {len(y) - int(whole)} not", file=sys.stderr)
    model = Verifier()
    opt = torch.optim.AdamW(model.parameters(), lr=2e-3, weight_decay=1e-3)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3e-3, total_steps=epochs * ((len(y) + 63) // 64))
    lossf = nn.BCEWithLogitsLoss(pos_weight=torch.tensor((len(y) - whole) / whole))
    for epoch in range(epochs):
        model.train()
        order = torch.randperm(len(y))
        total = 0.0
        for s in range(0, len(y), 64):
            idx = order[s : s + 64]
            loss = lossf(model(augment(x[idx].clone())).squeeze(1), y[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += loss.item() * len(idx)
        print(f"epoch {epoch} loss {total / len(y):.4f}", file=sys.stderr)
    return model


def restore(pt):
    model = Verifier()
    model.load_state_dict(torch.load(pt))
    model.eval()
    return model


def score(model, prefix):
    x, meta = load(prefix)
    with torch.no_grad():
        p = [torch.sigmoid(model(torch.from_numpy(x[s : s + 256]).float()).squeeze(1)) for s in range(0, len(meta), 256)]
    return [dict(m, p=float(v)) for m, v in zip(meta, torch.cat(p).numpy() if p else [])]


if __name__ == "__main__":
    command, *args = sys.argv[1:]
    if command == "train":
        torch.save(train(args[0].split(","), int(args[2]) if len(args) > 2 else 30).state_dict(), args[1])
    elif command == "score":
        print(json.dumps(score(restore(args[0]), args[1])))
    elif command == "export":
        dynamic = {"x": {0: "n"}, "logit": {0: "n"}}
        torch.onnx.export(restore(args[0]), torch.zeros(1, 3, ROWS, COLS), args[1], input_names=["x"], output_names=["logit"], dynamic_axes=dynamic, opset_version=13)
    else:
        sys.exit(f"unknown command {command}")
