"""Plain Unicode text from the lecture's TeX and code-style names, for texts that are not typeset.

Chapter titles, clip headings, caption cues and the site's pages are text: a player, a browser or
a caption renderer shows them as they are, so ``$\\tanh$``, ``n\\,d^2`` or ``W_h`` would be shown
as code. :func:`plain_text` writes them with Unicode instead, from the same bound strings; it is
pure Python (no manim), idempotent (plain text comes back unchanged) and leaves ordinary words
and numbers alone.

Rules
-----
Inside ``$...$`` (TeX math, the subset the lecture's claims and labels use):

* commands to their symbols: ``\\tanh`` tanh, ``\\sigma`` σ, ``\\partial`` ∂, ``\\odot`` ⊙,
  ``\\times`` ×, ``\\cdot`` ·, ``\\approx`` ≈, ``\\le`` ≤, ``\\ge`` ≥, ``\\ll`` ≪, ``\\to`` →,
  ``\\leftarrow`` ←, ``\\in`` ∈, ``\\prod`` ∏, ``\\sum`` ∑, ``\\lVert``/``\\rVert`` ‖, Greek
  letters, ``\\ln``/``\\min``/``\\max`` as words (table :data:`SYMBOLS`);
* ``\\mathbf``, ``\\mathrm``, ``\\text``, ``\\operatorname`` unwrapped; ``\\left``, ``\\right``,
  ``\\textstyle``, ``\\!`` dropped; ``\\,`` a thin space (U+2009), ``\\ ``, ``\\;``, ``\\quad``
  a space; braces that only group are dropped (``4{,}096`` is 4,096);
* ``\\frac{a}{b}`` is ``a/b``, each side in parentheses when it is more than one symbol or
  number (``(ln (1/2))/(ln f)``); ``\\sqrt{x}`` is ``√x`` (``√(…)`` likewise); ``\\bar{f}`` is
  f̄ (a combining macron);
* ``-`` is the minus sign − (TeX math has no hyphen); ``'`` is the prime ′;
* a subscript or superscript (``_h``, ``_{t-1}``, ``^2``, ``^{-10}``) becomes Unicode
  subscript or superscript characters when every character of it has one: Wₕ, cₜ₋₁, fᵏ,
  n², 10⁻¹⁰, σₘₐₓ, bᵢₕ; ``1/2`` in a script is written with the fraction slash, t₁⁄₂.

Outside ``$...$`` (narration and other plain text, which names symbols in code style): a
single letter (or Greek letter) followed by ``_`` or ``^`` and a script (``W_h``, ``c_t``,
``h_{t-1}``, ``f^k``, ``W_h^k``) gets the same script rule; ``..`` between two such names is an
ellipsis (``x_0..x_7`` is x₀…x₇); ``-`` right before a digit, after a space or an opening
bracket, is a minus (``(-1, 1)`` is (−1, 1)); a TeX command, should one appear, is converted
as in math. Words with underscores (``chain_length``), numbers (``2.6``, ``9.5e-7``,
``1,024``), hyphens and everything else stay as written.

Fallback
--------
Unicode has subscripts for only some letters (a e h i j k l m n o p r s t u v x and a few
Greek ones: no b c d f g q w y z, no capitals) and superscripts for all small letters but q.
When a character of a script has none, the **whole script is written at full size right after
its base**: ``W_f`` is Wf, ``b_g`` is bg, ``x_{q+1}`` is x(q+1) (a script of more than one
character in parentheses, so it cannot run into what follows); a superscript falls back to
``^(…)``, the power as calculators write it (``x^q`` is x^(q)). Why: mixing sizes within one
script (W with a full-size f beside a subscript h) reads as two symbols; brackets around a
one-letter script would read as a function or the lecture's concatenation ``[h, x]``; and
full-size juxtaposition is how plain-text notes and slides without subscripts write W_f, so a
reader sees one symbol, consistently, wherever it appears.
"""

from __future__ import annotations

import re

#: Unicode subscript characters.
SUBSCRIPT = dict(zip("0123456789+-−=()aehijklmnoprstuvxβγρφχ/",
                     "₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓᵦᵧᵨᵩᵪ⁄"))
#: Unicode superscript characters.
SUPERSCRIPT = dict(zip("0123456789+-−=()abcdefghijklmnoprstuvwxyz"
                       "ABDEGHIJKLMNOPRTUVWβγδθιφχ′*/⊤",
                       "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻ"
                       "ᴬᴮᴰᴱᴳᴴᴵᴶᴷᴸᴹᴺᴼᴾᴿᵀᵁⱽᵂᵝᵞᵟᶿᶥᵠᵡ′*⁄ᵀ"))
#: Characters that are already scripts (so converted text converts to itself).
_SUB_CHARS = set(SUBSCRIPT.values())
_SUP_CHARS = set(SUPERSCRIPT.values()) - {"*"}

THIN = "\u2009"
MINUS = "\u2212"

#: TeX commands and what they are in text.
SYMBOLS = {
    # functions, written as words
    "tanh": "tanh", "sinh": "sinh", "cosh": "cosh", "exp": "exp", "ln": "ln", "log": "log",
    "min": "min", "max": "max", "sin": "sin", "cos": "cos", "det": "det", "arg": "arg",
    "softmax": "softmax",
    # Greek
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "varepsilon": "ε",
    "zeta": "ζ", "eta": "η", "theta": "θ", "iota": "ι", "kappa": "κ", "lambda": "λ", "mu": "μ",
    "nu": "ν", "xi": "ξ", "pi": "π", "rho": "ρ", "sigma": "σ", "tau": "τ", "upsilon": "υ",
    "phi": "φ", "varphi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω",
    "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Xi": "Ξ", "Pi": "Π",
    "Sigma": "Σ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω",
    # operators and relations
    "partial": "∂", "nabla": "∇", "odot": "⊙", "otimes": "⊗", "oplus": "⊕", "times": "×",
    "cdot": "·", "ast": "∗", "star": "⋆", "circ": "∘", "pm": "±", "mp": "∓", "div": "÷",
    "approx": "≈", "sim": "∼", "simeq": "≃", "equiv": "≡", "neq": "≠", "ne": "≠",
    "le": "≤", "leq": "≤", "ge": "≥", "geq": "≥", "ll": "≪", "gg": "≫", "propto": "∝",
    "to": "→", "rightarrow": "→", "leftarrow": "←", "gets": "←", "Rightarrow": "⇒",
    "mapsto": "↦", "leftrightarrow": "↔", "in": "∈", "notin": "∉", "subset": "⊂",
    "prod": "∏", "sum": "∑", "int": "∫", "infty": "∞", "sqrt": "√",
    "lVert": "‖", "rVert": "‖", "Vert": "‖", "|": "‖", "lvert": "|", "rvert": "|",
    "langle": "⟨", "rangle": "⟩", "top": "⊤", "prime": "′",
    "dots": "…", "ldots": "…", "cdots": "⋯", "vdots": "⋮",
    "{": "{", "}": "}", "%": "%", "$": "$", "#": "#", "&": "&", "_": "_",
    # spacing
    ",": THIN, ";": " ", ":": " ", ">": " ", " ": " ", "quad": " ", "qquad": " ", "!": "",
    # dropped: sizes and styles that carry no symbol
    "left": "", "right": "", "big": "", "Big": "", "bigl": "", "bigr": "", "Bigl": "",
    "Bigr": "", "textstyle": "", "displaystyle": "", "scriptstyle": "", "limits": "",
    "nolimits": "",
}
#: Commands whose braced argument is kept as it is, unwrapped.
UNWRAP = {"mathbf", "mathrm", "text", "textrm", "textbf", "textit", "mathit", "operatorname",
          "mathsf", "mathtt", "boldsymbol", "bm", "mbox", "emph", "mathcal", "mathbb"}
#: Accents: a combining character after the argument.
ACCENTS = {"bar": "\u0304", "overline": "\u0305", "hat": "\u0302", "widehat": "\u0302",
           "tilde": "\u0303", "widetilde": "\u0303", "vec": "\u20d7", "dot": "\u0307",
           "ddot": "\u0308"}


# ----- scripts ----------------------------------------------------------------------------

def script(base: str, text: str, sub: bool) -> str:
    """``base`` with ``text`` as its subscript (``sub``) or superscript, in Unicode where every
    character has a script form, else in the fallback form (module docstring)."""
    text = text.replace(" ", "").replace(THIN, "")
    if not text:
        return base
    table, done = (SUBSCRIPT, _SUB_CHARS) if sub else (SUPERSCRIPT, _SUP_CHARS)
    if all(ch in table or ch in done for ch in text):
        return base + "".join(table.get(ch, ch) for ch in text)
    wrapped = text if len(text) == 1 or (text[0] == "(" and text[-1] == ")") else f"({text})"
    return base + wrapped if sub else f"{base}^{wrapped if len(text) > 1 else f'({text})'}"


# ----- TeX math ---------------------------------------------------------------------------

_CMD = re.compile(r"\\([A-Za-z]+|.)")


#: Commands after which spaces are dropped (a prefix or an opening delimiter: ``\\partial L``
#: is ∂L), before which they are dropped (a closing delimiter), and binary operators, which
#: take the spacing of their left side (``q\\cdot k`` is q·k, ``d \\times d`` is d × d).
PREFIX = {"partial", "nabla", "sum", "prod", "int", "lVert", "langle", "lvert", "sqrt"}
CLOSING = {"rVert", "rangle", "rvert"}
BINARY = {"times", "cdot", "odot", "otimes", "oplus", "pm", "mp", "div", "approx", "sim",
          "simeq", "equiv", "neq", "ne", "le", "leq", "ge", "geq", "ll", "gg", "propto", "to",
          "rightarrow", "leftarrow", "gets", "Rightarrow", "mapsto", "leftrightarrow", "in",
          "notin", "subset", "circ", "ast", "star"}


class _Tex:
    """A tiny recursive reader of the TeX math subset (see the module docstring)."""

    def __init__(self, s: str):
        self.s, self.i = s, 0

    def _skip_spaces(self) -> None:
        while self.i < len(self.s) and self.s[self.i] == " ":
            self.i += 1

    def group(self) -> str:
        """The next argument: a braced group (converted), a command, or one character."""
        s = self.s
        self._skip_spaces()
        if self.i >= len(s):
            return ""
        if s[self.i] == "{":
            depth, j = 0, self.i
            while j < len(s):
                depth += {"{": 1, "}": -1}.get(s[j], 0)
                if depth == 0:
                    break
                j += 1
            inner, self.i = s[self.i + 1:j], j + 1
            return tex_math(inner)
        if s[self.i] == "\\":
            return self.atom("")
        ch = s[self.i]
        self.i += 1
        return {"-": MINUS, "'": "′"}.get(ch, ch)

    def atom(self, out: str) -> str:
        """The next piece of output after ``out``: a command with its arguments, a group or a
        character."""
        s = self.s
        ch = s[self.i]
        if ch == "\\":
            m = _CMD.match(s, self.i)
            if m is None:                   # a lone backslash at the end
                self.i += 1
                return ""
            name = m.group(1)
            self.i = m.end()
            if name == "frac":
                a, b = self.group(), self.group()
                return f"{_operand(a)}/{_operand(b)}"
            if name == "sqrt":
                return "√" + _operand(self.group())
            if name in UNWRAP:
                return self.group()
            if name in ACCENTS:
                arg = self.group()
                return arg + ACCENTS[name] if len(arg) == 1 else f"({arg}){ACCENTS[name]}"
            if name in ("left", "right", "bigl", "bigr", "Bigl", "Bigr", "big", "Big"):
                if s[self.i:self.i + 1] == ".":          # \\left. is an invisible delimiter
                    self.i += 1
                return ""
            if name in PREFIX or (name in BINARY and out[-1:] not in (" ", "")):
                self._skip_spaces()
            return SYMBOLS.get(name, name)   # an unknown command: its name as a word
        if ch == "{":
            return self.group()
        self.i += 1
        if ch == "}":
            return ""
        return {"-": MINUS, "'": "′", "~": " "}.get(ch, ch)

    def convert(self) -> str:
        out = ""
        while self.i < len(self.s):
            ch = self.s[self.i]
            if ch in "_^":
                self.i += 1
                out = script(out, self.group(), sub=ch == "_")
                continue
            m = _CMD.match(self.s, self.i) if ch == "\\" else None
            if m and m.group(1) in CLOSING:
                out = out.rstrip(" ")
            out += self.atom(out)
        return out


def _operand(x: str) -> str:
    """``x`` as one side of a fraction or a root: in parentheses unless it is one symbol, one
    number or already bracketed."""
    x = x.strip()
    if re.fullmatch(r"[\w.,′∂]+|\(.*\)|\[.*\]|‖.*‖", x) and not re.search(r"\)\s*\(", x):
        return x
    return f"({x})"


def tex_math(tex: str) -> str:
    """One TeX math string (the inside of ``$...$``) as Unicode text."""
    out = _Tex(tex).convert()
    return re.sub(r" {2,}", " ", out)


# ----- plain text with code-style names ----------------------------------------------------

#: A code-style symbol in plain text: one letter (Latin or Greek, not inside a word or after a
#: backslash) or an evaluation bar or a bracket (``|_{(t)}``, ``(0, 1)^d``), and one or more scripts, each a braced group or a run of letters and digits;
#: or a number with a power (``10^{-3}``, ``2^10``).
_SCRIPT = r"(?:\{(?:[^{}]|\{[^{}]*\})*\}|[A-Za-z0-9]+)"    # one level of nesting: W_{T_{max}}
_NAME = re.compile(r"(?<![A-Za-z_\\])([A-Za-zα-ωΑ-Ω|)])((?:[_^]" + _SCRIPT + r")+)"
                   r"(?![A-Za-z0-9_{])")
_POWER = re.compile(r"(?<![\w.])(\d+)((?:\^(?:\{[^{}]*\}|\d+)))(?![\w{])")
_SCRIPTS = re.compile(r"([_^])(" + _SCRIPT + r")")
_DOTS = re.compile(r"(?<=[\w₀-₉ₐ-ₜ])\.\.(?=[A-Za-z0-9])")
_MINUS = re.compile(r"(?:^|(?<=[\s(\[{=<>≤≥,:;（，：；]))-(?=\d)")
#: A TeX command in plain text with what it takes: braced arguments, or for an accent one
#: letter, and the scripts after it (``\\frac{a}{b}``, ``\\sum_j``, ``\\bar f``).
_BRACED = r"\{(?:[^{}]|\{[^{}]*\})*\}"
_CHUNK = re.compile(r"\\(?:(?:" + "|".join(ACCENTS) + r")(?![A-Za-z])\s*(?:" + _BRACED
                    + r"|\w)|[A-Za-z]+(?:\s*" + _BRACED + r")*|.?)"
                    + r"(?:[_^](?:" + _BRACED + r"|[A-Za-z0-9]))*")


def _name(m: re.Match) -> str:
    out = m.group(1)
    for kind, arg in _SCRIPTS.findall(m.group(2)):
        inner = tex_math(arg[1:-1]) if arg.startswith("{") else arg
        out = script(out, inner, sub=kind == "_")
    return out


def _plain_part(text: str) -> str:
    """Text outside ``$...$``: TeX commands as in math, code-style names and powers,
    ``..``, minus signs, ``{,}``."""
    text = _CHUNK.sub(lambda m: tex_math(m.group(0)), text)
    text = _NAME.sub(_name, text)
    text = _POWER.sub(_name, text)
    text = _DOTS.sub("…", text).replace("{,}", ",")
    return _MINUS.sub(MINUS, text)


def plain_text(text: str) -> str:
    """``text`` (a claim, a label, a narration line, a parameter description) as plain Unicode:
    ``$...$`` parts as TeX math, the rest with code-style names converted (module docstring).
    The result holds no backslash, no ``$``, no ``_{`` or ``^{``; plain text comes back as it
    is."""
    parts = text.split("$")
    if len(parts) % 2 == 0:          # an unmatched $ opens no math: it is dropped
        parts[-2:] = [parts[-2] + parts[-1]]
    out = []
    for k, part in enumerate(parts):
        out.append(tex_math(part) if k % 2 else _plain_part(part))
    text = "".join(out).replace("\\", "")
    # runs of spaces (thin ones included) are one space; a lone thin space stays thin
    return re.sub(r"[ \u2009]{2,}", " ", text)


__all__ = ["plain_text", "tex_math", "script", "SUBSCRIPT", "SUPERSCRIPT", "SYMBOLS"]
