"""Checks that a measurement stopped part way resumes from its saved pieces (MeasurementPieces), with training and
prediction replaced by cheap stand-ins so that no model package is needed.

Run with the training environment: `.tools/train-venv/bin/python -m unittest scripts/sentiment/test_measurement_pieces.py`
"""
import argparse
import sys
import tempfile
import unittest
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
import train_transformer as tt  # noqa: E402


def labelled_posts():
    posts = []
    for s in ("news", "tweets", "reddit_crypto_surgeai"):
        for n in range(12):
            posts.append({"id": f"{s}-{n}", "set": s, "y": n % 3, "text": f"post {n} of {s}"})
    return posts


def setting(pieces, **changes):
    values = {"mode": "measure", "data": "../shared/signal-data", "base": "mp6", "max_len": 64, "epochs": 2,
              "lr": 8e-5, "batch": 32, "balance": "global", "tuned_share": 0.8, "prune": 0.25, "seed": 5,
              "cap": 100000, "folds": 3, "loso": True, "threads": 2, "out": "measured.json", "pieces": pieces}
    return argparse.Namespace(**{**values, **changes})


class StandIns:
    """train() returns the training posts' ids; predict() gives each post probabilities that depend on them, so a
    piece read back must match the one trained for the result to match."""

    def __init__(self, fail_at=None):
        self.trained = 0
        self.fail_at = fail_at

    def train(self, args, posts, ids, log=print):
        self.trained += 1
        if self.trained == self.fail_at:
            raise KeyboardInterrupt("stopped part way")
        return sorted(p["id"] for p in posts)

    def predict(self, model, ids, order):
        out = np.zeros((len(ids), len(tt.CLASSES)), dtype=np.float32)
        seed = sum(len(i) for i in model)
        for i in order:
            raw = np.array([(seed * (i + 1) + c * 7) % 11 + 1 for c in range(len(tt.CLASSES))], dtype=np.float32)
            out[i] = raw / raw.sum()
        return out


def measure(args, stand_ins, posts=None):
    posts = posts or labelled_posts()
    saved = tt.train, tt.predict
    tt.train, tt.predict = stand_ins.train, stand_ins.predict
    try:
        return tt.measure(args, posts, [[1, 2, 3]] * len(posts))
    finally:
        tt.train, tt.predict = saved


def figures(result):
    return {k: result[k] for k in ("cv", "loso", "oof", "loso_probs", "posts")}


class MeasurementPiecesTest(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.pieces = self.folder.name

    def tearDown(self):
        self.folder.cleanup()

    def test_a_second_run_reads_every_piece_and_gives_the_same_figures(self):
        first = StandIns()
        a = measure(setting(self.pieces), first)
        self.assertEqual(first.trained, 3 + 2)  # three folds, two sets left out (the supplement never is)
        self.assertEqual(len(list(Path(self.pieces).glob("*.json"))), 5)
        again = StandIns()
        b = measure(setting(self.pieces, threads=1, out="elsewhere.json", data="/abs/signal-data"), again)
        self.assertEqual(again.trained, 0)
        self.assertEqual(figures(a), figures(b))

    def test_a_run_stopped_part_way_trains_only_the_missing_pieces(self):
        with self.assertRaises(KeyboardInterrupt):
            measure(setting(self.pieces), StandIns(fail_at=3))
        resumed = StandIns()
        b = measure(setting(self.pieces), resumed)
        self.assertEqual(resumed.trained, 3)
        with tempfile.TemporaryDirectory() as fresh:
            whole = measure(setting(fresh), StandIns())
        self.assertEqual(figures(whole), figures(b))

    def test_another_setting_or_other_posts_train_again(self):
        measure(setting(self.pieces), StandIns())
        other_rate = StandIns()
        measure(setting(self.pieces, lr=5e-5), other_rate)
        self.assertEqual(other_rate.trained, 5)
        posts = labelled_posts()
        posts[4]["text"] = "a post whose text changed"
        other_posts = StandIns()
        measure(setting(self.pieces), other_posts, posts)
        self.assertEqual(other_posts.trained, 5)

    def test_a_damaged_piece_is_trained_again(self):
        measure(setting(self.pieces), StandIns())
        damaged = sorted(Path(self.pieces).glob("*-fold2of3.json"))[0]
        damaged.write_text('{"posts": ["tweets-1"], "probs": [[0.2, 0.3')
        again = StandIns()
        measure(setting(self.pieces), again)
        self.assertEqual(again.trained, 1)


if __name__ == "__main__":
    unittest.main()
