"""Tests for mathcore.cells: rnn, lstm, gru.

Every backward pass is checked twice, against two independent references:
central finite differences of ``mathcore``'s own forward, and autograd applied to an oracle
forward written from scratch below (per-gate weight slices, matrix-vector products; it never
calls mathcore). The loss is always L = dh_last . h_{T-1}.
"""

from __future__ import annotations

import autograd.numpy as anp
import numpy as np
import pytest
from autograd import grad

from mathcore.cells import gru, lstm, rnn

T, D, H = 5, 3, 4
CELLS = ("rnn_tanh", "rnn_relu", "lstm", "gru")
GATES = {"rnn_tanh": 1, "rnn_relu": 1, "lstm": 4, "gru": 3}


# --------------------------------------------------------------------------------------------
# independent oracle forwards (autograd.numpy; also run fine on plain numpy arrays)
# --------------------------------------------------------------------------------------------

def _sig(v):
    return 1.0 / (1.0 + anp.exp(-v))


def oracle_rnn(x, w_ih, w_hh, b_ih, b_hh, h0, eh, nonlinearity):
    """h_t = act(W_ih x_t + b_ih + W_hh h_{t-1} + b_hh) + eh_t  (eh: probe added to h_t)."""
    h, hs, pres = h0, [], []
    for t in range(x.shape[0]):
        p = anp.dot(w_ih, x[t]) + b_ih + anp.dot(w_hh, h) + b_hh
        h = (anp.tanh(p) if nonlinearity == "tanh" else anp.where(p > 0, p, 0.0)) + eh[t]
        pres.append(p)
        hs.append(h)
    return {"h": anp.stack(hs), "pre": anp.stack(pres)}


def oracle_lstm(x, w_ih, w_hh, b_ih, b_hh, h0, c0, eh, ec):
    """torch.nn.LSTM equations with probes ec added to c_t and eh added to h_t."""
    n = h0.shape[0]
    W = {k: (w_ih[j * n:(j + 1) * n], w_hh[j * n:(j + 1) * n],
             b_ih[j * n:(j + 1) * n] + b_hh[j * n:(j + 1) * n])
         for j, k in enumerate("ifgo")}

    def gate(k, xt, h):
        wi, wh, b = W[k]
        return anp.dot(wi, xt) + anp.dot(wh, h) + b

    h, c = h0, c0
    out = {k: [] for k in ("h", "c", "i", "f", "g", "o")}
    for t in range(x.shape[0]):
        i_ = _sig(gate("i", x[t], h))
        f_ = _sig(gate("f", x[t], h))
        g_ = anp.tanh(gate("g", x[t], h))
        o_ = _sig(gate("o", x[t], h))
        c = f_ * c + i_ * g_ + ec[t]
        h = o_ * anp.tanh(c) + eh[t]
        for k, v in zip("hcifgo", (h, c, i_, f_, g_, o_)):
            out[k].append(v)
    return {k: anp.stack(v) for k, v in out.items()}


def oracle_gru(x, w_ih, w_hh, b_ih, b_hh, h0, eh):
    """torch.nn.GRU equations with probe eh added to h_t."""
    n = h0.shape[0]
    Wi = [w_ih[j * n:(j + 1) * n] for j in range(3)]
    Wh = [w_hh[j * n:(j + 1) * n] for j in range(3)]
    bi = [b_ih[j * n:(j + 1) * n] for j in range(3)]
    bh = [b_hh[j * n:(j + 1) * n] for j in range(3)]
    h = h0
    out = {k: [] for k in "hrzn"}
    for t in range(x.shape[0]):
        r_ = _sig(anp.dot(Wi[0], x[t]) + bi[0] + anp.dot(Wh[0], h) + bh[0])
        z_ = _sig(anp.dot(Wi[1], x[t]) + bi[1] + anp.dot(Wh[1], h) + bh[1])
        n_ = anp.tanh(anp.dot(Wi[2], x[t]) + bi[2] + r_ * (anp.dot(Wh[2], h) + bh[2]))
        h = (1.0 - z_) * n_ + z_ * h + eh[t]
        for k, v in zip("hrzn", (h, r_, z_, n_)):
            out[k].append(v)
    return {k: anp.stack(v) for k, v in out.items()}


# --------------------------------------------------------------------------------------------
# cases
# --------------------------------------------------------------------------------------------

def make_case(cell, seed=0):
    """Random inputs (nonzero h0/c0, weights ~ N(0, 0.6^2)) and the loss direction dh_last."""
    rng = np.random.default_rng(seed)
    G = GATES[cell]
    args = {
        "x": rng.normal(size=(T, D)),
        "w_ih": rng.normal(scale=0.6, size=(G * H, D)),
        "w_hh": rng.normal(scale=0.6, size=(G * H, H)),
        "b_ih": rng.normal(scale=0.3, size=(G * H,)),
        "b_hh": rng.normal(scale=0.3, size=(G * H,)),
        "h0": rng.uniform(-0.8, 0.8, size=H),
    }
    if cell == "lstm":
        args["c0"] = rng.uniform(-1.0, 1.0, size=H)
    return args, rng.normal(size=H)


def run_forward(cell, args):
    if cell.startswith("rnn"):
        return rnn.forward(**args, nonlinearity=cell[4:])
    return {"lstm": lstm, "gru": gru}[cell].forward(**args)


def run_backward(cell, trace, dh_last):
    return {"lstm": lstm, "gru": gru}.get(cell, rnn).backward(trace, dh_last)


def run_oracle(cell, args, eh, ec=None):
    a = (args["x"], args["w_ih"], args["w_hh"], args["b_ih"], args["b_hh"], args["h0"])
    if cell.startswith("rnn"):
        return oracle_rnn(*a, eh, cell[4:])
    if cell == "lstm":
        return oracle_lstm(*a, args["c0"], eh, ec)
    return oracle_gru(*a, eh)


def fd_gradient(loss, args, name, eps=1e-6):
    """Central finite differences of loss(args) w.r.t. args[name]."""
    g = np.zeros_like(args[name])
    for idx in np.ndindex(g.shape):
        plus = {k: np.array(v, copy=True) for k, v in args.items()}
        minus = {k: np.array(v, copy=True) for k, v in args.items()}
        plus[name][idx] += eps
        minus[name][idx] -= eps
        g[idx] = (loss(plus) - loss(minus)) / (2.0 * eps)
    return g


def grad_names(cell):
    names = ["x", "h0", "w_ih", "w_hh", "b_ih", "b_hh"] + (["c0"] if cell == "lstm" else [])
    return names


# --------------------------------------------------------------------------------------------
# (1) finite differences, (2) autograd
# --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("cell", CELLS)
def test_backward_matches_finite_differences(cell):
    args, dh_last = make_case(cell)
    trace = run_forward(cell, args)
    if cell == "rnn_relu":  # stay away from the kink so central differences are valid,
        assert np.abs(trace.pre).min() > 1e-3
        assert (trace.pre > 0).any(axis=1).all()  # and keep a live path through every step

    grads = run_backward(cell, trace, dh_last)

    def loss(a):
        return float(dh_last @ run_forward(cell, a).h[-1])

    for name in grad_names(cell):
        expected = fd_gradient(loss, args, name)
        got = getattr(grads, "d" + name)
        assert got.shape == args[name].shape, name
        np.testing.assert_allclose(got, expected, rtol=1e-6, atol=1e-8, err_msg=name)


@pytest.mark.parametrize("cell", CELLS)
def test_backward_matches_autograd(cell):
    args, dh_last = make_case(cell, seed=1)
    trace = run_forward(cell, args)
    grads = run_backward(cell, trace, dh_last)

    zeros = np.zeros((T, H))
    probes = {"eh": zeros, "ec": zeros} if cell == "lstm" else {"eh": zeros}

    # the oracle forward agrees with mathcore's forward
    ref = run_oracle(cell, args, zeros, zeros)
    for k, v in ref.items():
        np.testing.assert_allclose(getattr(trace, k), v, rtol=1e-12, atol=1e-14, err_msg=k)

    def loss(*flat):
        names = list(args) + list(probes)
        d = dict(zip(names, flat))
        a = {k: d[k] for k in args}
        out = run_oracle(cell, a, d["eh"], d.get("ec"))
        return anp.dot(dh_last, out["h"][-1])

    flat = list(args.values()) + list(probes.values())
    names = list(args) + list(probes)
    auto = {n: grad(loss, j)(*flat) for j, n in enumerate(names)}

    for name in grad_names(cell):
        np.testing.assert_allclose(getattr(grads, "d" + name), auto[name],
                                   rtol=1e-10, atol=1e-12, err_msg=name)
    # gradient reaching every hidden state (and every cell state) = gradient w.r.t. the probe
    np.testing.assert_allclose(grads.dh, auto["eh"], rtol=1e-10, atol=1e-12, err_msg="dh")
    if cell == "lstm":
        np.testing.assert_allclose(grads.dc, auto["ec"], rtol=1e-10, atol=1e-12, err_msg="dc")
    np.testing.assert_array_equal(grads.dh[-1], dh_last)


# --------------------------------------------------------------------------------------------
# (3) invariants and a hand-worked example
# --------------------------------------------------------------------------------------------

def test_lstm_invariants():
    args, _ = make_case("lstm", seed=2)
    tr = lstm.forward(**args)
    for k in "ifo":
        v = getattr(tr, k)
        assert v.shape == (T, H) and np.all((v > 0) & (v < 1)), k
    assert np.all(np.abs(tr.g) < 1) and np.all(np.abs(tr.h) < 1)
    assert tr.pre.shape == (T, 4 * H)
    np.testing.assert_allclose(tr.c, tr.f * tr.c_prev + tr.i * tr.g, rtol=1e-14)
    np.testing.assert_allclose(tr.h, tr.o * np.tanh(tr.c), rtol=1e-14)
    # the pre-activation blocks really are i | f | g | o
    np.testing.assert_allclose(tr.i, 1 / (1 + np.exp(-tr.pre[:, :H])), rtol=1e-14)
    np.testing.assert_allclose(tr.g, np.tanh(tr.pre[:, 2 * H:3 * H]), rtol=1e-14)
    g = lstm.backward(tr, np.ones(H))
    assert g.dc.shape == (T, H) and g.dc0.shape == (H,) and g.dpre.shape == (T, 4 * H)


def test_gru_invariants():
    args, _ = make_case("gru", seed=3)
    tr = gru.forward(**args)
    for k in "rz":
        v = getattr(tr, k)
        assert v.shape == (T, H) and np.all((v > 0) & (v < 1)), k
    assert np.all(np.abs(tr.n) < 1)
    assert np.all(np.abs(tr.h) < 1)  # convex mix of n in (-1, 1) and h_prev in (-1, 1)
    np.testing.assert_allclose(tr.h, (1 - tr.z) * tr.n + tr.z * tr.h_prev, rtol=1e-14)
    assert tr.pre_ih.shape == tr.pre_hh.shape == (T, 3 * H)


def test_rnn_tanh_invariants():
    args, _ = make_case("rnn_tanh", seed=4)
    tr = rnn.forward(**args)
    assert np.all(np.abs(tr.h) < 1)
    np.testing.assert_allclose(tr.h, np.tanh(tr.pre), rtol=1e-14)
    np.testing.assert_allclose(
        tr.pre, tr.x @ tr.w_ih.T + tr.b_ih + tr.h_prev @ tr.w_hh.T + tr.b_hh, rtol=1e-13)


def test_rnn_two_steps_by_hand_tanh():
    # H = D = 1, w_ih = 1, w_hh = 0.5, biases 0, h0 = 0, x = [1, 0.5], dh_last = 1.
    #   pre_0 = 1                               h_0 = tanh(1)        = 0.7615941559557649
    #   pre_1 = 0.5 + 0.5 * 0.76159415...       = 0.8807970779778824
    #   h_1   = tanh(0.8807970779778824)        = 0.7068184091418056
    # backward:
    #   dpre_1 = 1 - h_1^2                      = 0.5004077364982471
    #   dh_0   = 0.5 * dpre_1                   = 0.25020386824912355
    #   dpre_0 = dh_0 * (1 - h_0^2)             = 0.1050792048372082
    #   dx     = [dpre_0 * 1, dpre_1 * 1]
    #   dw_ih  = dpre_0 * 1 + dpre_1 * 0.5      = 0.3552830730863318
    #   dw_hh  = dpre_0 * 0 + dpre_1 * h_0      = 0.38110760771211727
    #   db     = dpre_0 + dpre_1                = 0.6054869413354553
    #   dh0    = 0.5 * dpre_0                   = 0.0525396024186041
    tr = rnn.forward([[1.0], [0.5]], [[1.0]], [[0.5]], [0.0], [0.0])
    np.testing.assert_allclose(tr.pre[:, 0], [1.0, 0.8807970779778824], rtol=1e-14)
    np.testing.assert_allclose(tr.h[:, 0], [0.7615941559557649, 0.7068184091418056], rtol=1e-14)
    g = rnn.backward(tr, [1.0])
    np.testing.assert_allclose(g.dh[:, 0], [0.25020386824912355, 1.0], rtol=1e-14)
    np.testing.assert_allclose(g.dx[:, 0], [0.1050792048372082, 0.5004077364982471], rtol=1e-14)
    np.testing.assert_allclose(g.dw_ih, [[0.3552830730863318]], rtol=1e-14)
    np.testing.assert_allclose(g.dw_hh, [[0.38110760771211727]], rtol=1e-14)
    np.testing.assert_allclose(g.db_ih, [0.6054869413354553], rtol=1e-14)
    np.testing.assert_allclose(g.db_hh, [0.6054869413354553], rtol=1e-14)
    np.testing.assert_allclose(g.dh0, [0.0525396024186041], rtol=1e-14)


def test_rnn_two_steps_by_hand_relu():
    # Exact arithmetic: w_ih = 1, w_hh = 0.5, b_ih = 0.25, b_hh = 0, h0 = 0, x = [1, 0.5].
    #   pre_0 = 1 + 0.25 + 0.5*0        = 1.25   h_0 = 1.25
    #   pre_1 = 0.5 + 0.25 + 0.5*1.25   = 1.375  h_1 = 1.375
    # dh_last = 1, relu' = 1 on both steps:
    #   dpre_1 = 1, dh_0 = dpre_0 = 0.5, dh0 = 0.25
    #   dx = [0.5, 1], dw_ih = 0.5*1 + 1*0.5 = 1, dw_hh = 0.5*0 + 1*1.25 = 1.25, db = 1.5
    tr = rnn.forward([[1.0], [0.5]], [[1.0]], [[0.5]], [0.25], [0.0], nonlinearity="relu")
    np.testing.assert_array_equal(tr.h[:, 0], [1.25, 1.375])
    g = rnn.backward(tr, [1.0])
    np.testing.assert_array_equal(g.dh[:, 0], [0.5, 1.0])
    np.testing.assert_array_equal(g.dx[:, 0], [0.5, 1.0])
    np.testing.assert_array_equal(g.dw_ih, [[1.0]])
    np.testing.assert_array_equal(g.dw_hh, [[1.25]])
    np.testing.assert_array_equal(g.db_ih, [1.5])
    np.testing.assert_array_equal(g.dh0, [0.25])
    # a dead unit passes no gradient: h0 = -4 gives pre_0 = 1 + 0.25 - 2 = -0.75 -> h_0 = 0
    tr = rnn.forward([[1.0], [0.5]], [[1.0]], [[0.5]], [0.25], [0.0], h0=[-4.0],
                     nonlinearity="relu")
    np.testing.assert_array_equal(tr.h[:, 0], [0.0, 0.75])
    g = rnn.backward(tr, [1.0])
    np.testing.assert_array_equal(g.dx[:, 0], [0.0, 1.0])
    np.testing.assert_array_equal(g.dh0, [0.0])


# --------------------------------------------------------------------------------------------
# (4) nonlinearity, (5) shape validation
# --------------------------------------------------------------------------------------------

def test_rnn_relu_nonlinearity():
    args, _ = make_case("rnn_relu", seed=5)
    tr = rnn.forward(**args, nonlinearity="relu")
    assert tr.nonlinearity == "relu"
    np.testing.assert_array_equal(tr.h, np.maximum(tr.pre, 0.0))
    assert (tr.h == 0).any() and (tr.h > 0).any()
    assert not np.allclose(tr.h, rnn.forward(**args).h)


@pytest.mark.parametrize("bad", ["sigmoid", "Tanh", "", None])
def test_rnn_bad_nonlinearity(bad):
    args, _ = make_case("rnn_tanh")
    with pytest.raises(ValueError, match=r"tanh.*relu"):
        rnn.forward(**args, nonlinearity=bad)


BAD_SHAPES = [("x", (T, D + 1)), ("x", (D,)), ("w_ih", "rows+1"), ("w_ih", (1,)),
              ("w_hh", "square"), ("b_ih", "short"), ("b_hh", "2d"), ("h0", (H + 1,))]


@pytest.mark.parametrize("cell, name, shape",
                         [(c, n, s) for c in CELLS for n, s in BAD_SHAPES]
                         + [("lstm", "c0", (H - 1,)), ("lstm", "c0", (1, H))])
def test_shape_mismatch_raises(cell, name, shape):
    args, _ = make_case(cell)
    G = GATES[cell]
    bad = {
        "rows+1": np.zeros((G * H + 1, D)), "square": np.zeros((G * H, G * H + 1)),
        "short": np.zeros(G * H - 1), "2d": np.zeros((1, G * H)),
    }.get(shape) if isinstance(shape, str) else np.zeros(shape)
    args[name] = bad
    with pytest.raises(ValueError, match=name):
        run_forward(cell, args)


@pytest.mark.parametrize("cell", CELLS)
def test_backward_rejects_bad_dh_last(cell):
    args, _ = make_case(cell)
    tr = run_forward(cell, args)
    with pytest.raises(ValueError, match="dh_last"):
        run_backward(cell, tr, np.zeros(H + 1))


# --------------------------------------------------------------------------------------------
# params, defaults, immutability
# --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("mod, G", [(rnn, 1), (lstm, 4), (gru, 3)])
def test_init_params(mod, G):
    p = mod.init_params(D, H, seed=7)
    k = 1 / np.sqrt(H)
    assert p.w_ih.shape == (G * H, D) and p.w_hh.shape == (G * H, H)
    assert p.b_ih.shape == p.b_hh.shape == (G * H,)
    for a in p:
        assert a.dtype == np.float64 and np.all(np.abs(a) <= k)
    q = mod.init_params(D, H, seed=7)
    assert all(np.array_equal(a, b) for a, b in zip(p, q))
    assert not np.array_equal(p.w_ih, mod.init_params(D, H, seed=8).w_ih)
    x = np.random.default_rng(0).normal(size=(T, D))
    np.testing.assert_array_equal(mod.forward(x, *p).h, mod.forward_params(x, p).h)
    with pytest.raises(ValueError, match="hidden_size"):
        mod.init_params(D, 0, seed=0)


@pytest.mark.parametrize("cell", CELLS)
def test_default_states_are_zero_and_traces_are_frozen(cell):
    args, dh_last = make_case(cell)
    args.pop("h0")
    args.pop("c0", None)
    tr = run_forward(cell, args)
    np.testing.assert_array_equal(tr.h0, np.zeros(H))
    explicit = dict(args, h0=np.zeros(H), **({"c0": np.zeros(H)} if cell == "lstm" else {}))
    np.testing.assert_array_equal(tr.h, run_forward(cell, explicit).h)
    with pytest.raises(ValueError):  # read-only arrays
        tr.h[0, 0] = 1.0
    with pytest.raises(AttributeError):  # frozen dataclass
        tr.h = None
    g = run_backward(cell, tr, dh_last)
    assert g.dh0.shape == (H,) and g.dx.shape == (T, D) and g.dh.shape == (T, H)
