"""A trained tagger on disk: the checkpoint train.py writes and evaluate.py, export.py and parity.py read (one module
all of them import, so that none imports another's script)."""
import torch

from data import TAGS
from model import build
from wordpiece import WordPiece


def save_checkpoint(path, model, vocab, cfg):
    torch.save({"state": {k: v.detach().cpu() for k, v in model.state_dict().items()}, "vocab": vocab, "cfg": cfg}, path)


def load_checkpoint(path):
    """(model, wordpiece, cfg, gazetteer or None)."""
    ck = torch.load(path, map_location="cpu")
    cfg = ck["cfg"]
    model = build(cfg["arch"], len(ck["vocab"]), len(TAGS), **model_kwargs(cfg))
    model.load_state_dict(ck["state"])
    model.eval()
    return model, WordPiece(ck["vocab"]), cfg, load_gazetteer(cfg)


def load_gazetteer(cfg):
    if not cfg.get("gazetteer"):
        return None
    from gazetteer import Gazetteer

    return Gazetteer(cfg["gazetteer"])


def model_kwargs(cfg):
    if cfg["arch"] == "transformer":
        return dict(d=cfg["d"], layers=cfg["layers"], heads=cfg["heads"], ffn=cfg["ffn"], max_pos=cfg["max_pos"], dropout=cfg["dropout"], act=cfg.get("act", "gelu"), gaz=cfg.get("gaz_lists", 0))
    return dict(d=cfg["d"], hidden=cfg["hidden"], layers=cfg["layers"], dropout=cfg["dropout"])
