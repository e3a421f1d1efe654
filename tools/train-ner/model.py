"""Compact token-classification models that export to plain ONNX (opset 14): a pre-LN transformer encoder and a
BiLSTM (the backward direction reverses each sequence within its length with a gather, so no packed sequences)."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


ACTIVATIONS = {"gelu": F.gelu, "relu": F.relu}


class Block(nn.Module):
    def __init__(self, d, heads, ffn, dropout, act="gelu"):
        super().__init__()
        self.heads = heads
        self.act = ACTIVATIONS[act]
        self.ln1 = nn.LayerNorm(d)
        self.qkv = nn.Linear(d, 3 * d)
        self.out = nn.Linear(d, d)
        self.ln2 = nn.LayerNorm(d)
        self.ff1 = nn.Linear(d, ffn)
        self.ff2 = nn.Linear(ffn, d)
        self.drop = nn.Dropout(dropout)

    def forward(self, x, bias):
        b, t, d = x.shape
        h = self.heads
        q, k, v = self.qkv(self.ln1(x)).split(d, dim=-1)
        q = q.reshape(b, t, h, d // h).transpose(1, 2)
        k = k.reshape(b, t, h, d // h).transpose(1, 2)
        v = v.reshape(b, t, h, d // h).transpose(1, 2)
        att = torch.matmul(q, k.transpose(-1, -2)) * (1.0 / math.sqrt(d // h)) + bias
        att = torch.softmax(att, dim=-1)
        y = torch.matmul(att, v).transpose(1, 2).reshape(b, t, d)
        x = x + self.drop(self.out(y))
        x = x + self.drop(self.ff2(self.act(self.ff1(self.ln2(x)))))
        return x


class TransformerTagger(nn.Module):
    def __init__(self, vocab, labels, d=128, layers=2, heads=4, ffn=512, max_pos=256, dropout=0.1, act="gelu", gaz=0):
        super().__init__()
        self.tok = nn.Embedding(vocab, d)
        # The gazetteer channel: one learned vector per word list, added for each list the token's word stands in.
        self.gaz = nn.Linear(gaz, d, bias=False) if gaz > 0 else None
        self.pos = nn.Embedding(max_pos, d)
        self.ln_emb = nn.LayerNorm(d)
        self.drop = nn.Dropout(dropout)
        self.blocks = nn.ModuleList([Block(d, heads, ffn, dropout, act) for _ in range(layers)])
        self.ln_f = nn.LayerNorm(d)
        self.head = nn.Linear(d, labels)
        self.apply(self._init)

    @staticmethod
    def _init(m):
        if isinstance(m, (nn.Linear, nn.Embedding)):
            nn.init.normal_(m.weight, std=0.02)
        if isinstance(m, nn.Linear) and m.bias is not None:
            nn.init.zeros_(m.bias)

    def forward(self, input_ids, attention_mask, gazetteer=None):
        t = input_ids.shape[1]
        x = self.tok(input_ids) + self.pos.weight[:t].unsqueeze(0)
        if self.gaz is not None:
            x = x + self.gaz(gazetteer)
        x = self.drop(self.ln_emb(x))
        bias = (1.0 - attention_mask.to(x.dtype))[:, None, None, :] * -10000.0
        for blk in self.blocks:
            x = blk(x, bias)
        return self.head(self.ln_f(x))


class BiLSTMTagger(nn.Module):
    def __init__(self, vocab, labels, d=128, hidden=128, layers=2, dropout=0.2, **_):
        super().__init__()
        self.tok = nn.Embedding(vocab, d)
        self.drop = nn.Dropout(dropout)
        self.fw = nn.ModuleList()
        self.bw = nn.ModuleList()
        inp = d
        for _ in range(layers):
            self.fw.append(nn.LSTM(inp, hidden, batch_first=True))
            self.bw.append(nn.LSTM(inp, hidden, batch_first=True))
            inp = 2 * hidden
        self.head = nn.Linear(inp, labels)

    def forward(self, input_ids, attention_mask):
        b, t = input_ids.shape
        lengths = attention_mask.long().sum(dim=1, keepdim=True)  # [b, 1]
        ar = torch.arange(t, device=input_ids.device).unsqueeze(0)  # [1, t]
        # Reverse within length: position i <- length-1-i (padding positions map to themselves).
        rev = torch.where(ar < lengths, lengths - 1 - ar, ar)  # [b, t]
        x = self.drop(self.tok(input_ids))
        for fw, bw in zip(self.fw, self.bw):
            idx = rev.unsqueeze(-1).expand(b, t, x.shape[-1])
            yf, _ = fw(x)
            yb, _ = bw(torch.gather(x, 1, idx))
            idx2 = rev.unsqueeze(-1).expand(b, t, yb.shape[-1])
            yb = torch.gather(yb, 1, idx2)
            x = self.drop(torch.cat([yf, yb], dim=-1))
        return self.head(x)


def build(arch, vocab, labels, **kw):
    if arch == "transformer":
        return TransformerTagger(vocab, labels, **kw)
    if arch == "bilstm":
        return BiLSTMTagger(vocab, labels, **kw)
    raise ValueError(arch)


def macs_per_token(arch, d, layers, ffn=0, hidden=0, seq=128, **_):
    """Multiply-accumulates per token of the encoder (embedding lookups excluded, output head included)."""
    if arch == "transformer":
        per_layer = 4 * d * d + 2 * d * ffn + 2 * seq * d
        return layers * per_layer
    inp = d
    total = 0
    for _ in range(layers):
        total += 2 * 4 * (inp + hidden) * hidden
        inp = 2 * hidden
    return total
