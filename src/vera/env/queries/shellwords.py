"""The shell reader the shell queries share: a command line parsed the way the shell reads it
(pipelines, separators, sub-shells, ``$( )`` and backtick substitutions, here-documents,
redirections, leading assignments, wrappers such as ``sudo`` and ``timeout``, and the keywords
that stand before a command in loops and conditionals). Its own module so that both
:mod:`vera.env.queries.shell` and :mod:`vera.env.queries.commands` read commands one way
without importing each other."""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field

SHELLS = {"sh", "bash", "zsh", "dash", "ksh", "ash", "mksh", "fish", "csh", "tcsh", "busybox"}
SCRIPTING = {
    "python",
    "python2",
    "python3",
    "perl",
    "ruby",
    "node",
    "nodejs",
    "php",
    "lua",
    "pwsh",
    "powershell",
    "deno",
    "bun",
    "tclsh",
    "osascript",
}
SOURCING = {"source", ".", "eval", "iex", "invoke-expression"}
INTERPRETERS = SHELLS | SCRIPTING | SOURCING
WRAPPERS = {
    "sudo",
    "doas",
    "env",
    "nohup",
    "command",
    "builtin",
    "time",
    "nice",
    "ionice",
    "timeout",
    "stdbuf",
    "setsid",
    "unbuffer",
    "chronic",
    "xargs",
    "exec",
    "runuser",
}
_WRAPPER_ARGS = {
    "sudo": {"-u", "-g", "-C", "-h", "-p"},
    "nice": {"-n"},
    "ionice": {"-c", "-n"},
    "su": {"-c"},
    "xargs": {"-I", "-n", "-P", "-d"},
}
_OPS = [
    "<<<",
    "&&",
    "||",
    ">>",
    "<<",
    "<(",
    ">(",
    "|&",
    "&>",
    ">&",
    ";;",
    "(",
    ")",
    ";",
    "|",
    "&",
    "<",
    ">",
]
_SEPARATORS = {";", "&&", "||", "&", ";;"}
_HEREDOC = re.compile(r"<<-?\s*(['\"]?)([A-Za-z_][\w]*)\1")


_KEYWORDS = {"do", "then", "else", "elif", "if", "while", "until", "!", "time", "{"}
"""Shell words that stand before a command (``do aws ...`` in a loop runs ``aws``)."""


@dataclass
class Stage:
    """One simple command of a pipeline: its words, substitutions and redirections."""

    words: list[str] = field(default_factory=list)
    subs: list[list[list[Stage]]] = field(default_factory=list)
    """Commands inside ``$( )``, backticks and ``<( )`` (each a parsed command line)."""
    redirects: list[tuple[str, str]] = field(default_factory=list)
    groups: list[list[list[Stage]]] = field(default_factory=list)
    """Sub-shells ``( … )`` standing as this stage."""

    def argv(self) -> list[str]:
        """The words from the program on: leading assignments and wrappers (``sudo -E``,
        ``env X=1``, ``nohup``, ``timeout 30``) skipped."""
        words = list(self.words)
        i = 0
        while i < len(words):
            w = words[i]
            if re.match(r"^[A-Za-z_]\w*=", w) or (w in _KEYWORDS and i + 1 < len(words)):
                i += 1
                continue
            base = w.rsplit("/", 1)[-1]
            if base in WRAPPERS:
                takes = _WRAPPER_ARGS.get(base, set())
                i += 1
                while i < len(words) and (
                    words[i].startswith("-")
                    or re.match(r"^[A-Za-z_]\w*=", words[i])
                    or (base == "timeout" and re.match(r"^\d", words[i]))
                ):
                    i += 2 if words[i] in takes else 1
                continue
            break
        return [x for w in words[i:] for x in expand_braces(w)]

    @property
    def program(self) -> str:
        argv = self.argv()
        return argv[0].rsplit("/", 1)[-1].casefold() if argv else ""


_BRACED = re.compile(r"^[\w./~+@%-]*\{[\w./~+@%-]*(?:,[\w./~+@%-]*)+\}|^[\w./~+@%-]*\{-?\w+\.\.-?\w+\}")
"""A word whose first brace group is one the shell expands: a list (``4031{0,1}``,
``app.conf{,.bak}``) or a range (``{1..3}``), of plain path and number characters only (an awk
program, JSON or ``${VAR}`` is left alone: the shell reader no longer knows what was quoted)."""


def expand_braces(word: str, limit: int = 64) -> list[str]:
    """``word`` as the shell's brace expansion makes it (``kill 4031{0,1}`` kills 40310 and
    40311; ``{1..3}`` is 1 2 3), at most ``limit`` words; the word itself when it has none."""
    m = _BRACED.match(word)
    if not m:
        return [word]
    head = m.group(0)
    start = head.index("{")
    inner, rest = head[start + 1 : -1], word[m.end() :]
    if ".." in inner and "," not in inner:
        a, b = inner.split("..", 1)
        if a.lstrip("-").isdigit() and b.lstrip("-").isdigit():
            lo, hi = int(a), int(b)
            step = 1 if hi >= lo else -1
            width = len(a) if a.startswith("0") and len(a) > 1 else 0
            items = [str(n).zfill(width) for n in range(lo, hi + step, step)][:limit]
        elif len(a) == 1 and len(b) == 1 and a.isalpha() and b.isalpha():
            step = 1 if ord(b) >= ord(a) else -1
            items = [chr(c) for c in range(ord(a), ord(b) + step, step)]
        else:
            return [word]
    else:
        items = inner.split(",")
    out: list[str] = []
    for item in items:
        out += expand_braces(head[:start] + item + rest, limit)
        if len(out) >= limit:
            break
    return out[:limit]


Pipeline = list[Stage]
CommandLine = list[Pipeline]


def _split_ops(tok: str) -> list[str]:
    out, i = [], 0
    while i < len(tok):
        for op in _OPS:
            if tok.startswith(op, i):
                out.append(op)
                i += len(op)
                break
        else:
            out.append(tok[i])
            i += 1
    return out


def strip_heredocs(command: str) -> tuple[str, list[str]]:
    """The command without here-document bodies, and the bodies (data, not commands)."""
    lines = command.splitlines()
    out, bodies, i = [], [], 0
    while i < len(lines):
        line = lines[i]
        out.append(line)
        delims = [m.group(2) for m in _HEREDOC.finditer(line)]
        i += 1
        for d in delims:
            body = []
            while i < len(lines) and lines[i].strip() != d:
                body.append(lines[i])
                i += 1
            i += 1
            bodies.append("\n".join(body))
    return "\n".join(out), bodies


def _backticks_as_substitutions(command: str) -> str:
    """``command`` with every backtick substitution written ``$( )``, as the shell reads it,
    outside single quotes and unless escaped: the lexer splits an unquoted ```cat .env``` at
    its space (``X=`cat .env``` would be two words), but keeps ``$( )`` for the parser."""
    out: list[str] = []
    quote = ""
    opened = False
    i = 0
    while i < len(command):
        c = command[i]
        if c == "\\" and quote != "'" and i + 1 < len(command):
            out.append(command[i : i + 2])
            i += 2
            continue
        if c == "'" and quote in ("", "'") and not opened:
            quote = "" if quote else "'"
        elif c == '"' and quote in ("", '"'):
            quote = "" if quote else '"'
        elif c == "`" and quote != "'":
            out.append(")" if opened else "$(")
            opened = not opened
            i += 1
            continue
        out.append(c)
        i += 1
    return "".join(out) if not opened else command  # an unclosed backtick: left as written


FD_MARK = "\x00"
_FD_PREFIX = re.compile(r"(?<![\w$\x00])(\d{1,2})(?=>|<)")
"""A descriptor number written against a redirection (``2>``, ``1>>``, ``0<``)."""


def _lex(command: str) -> list[str]:
    text = re.sub(r"\\\r?\n", " ", _backticks_as_substitutions(command))
    text = re.sub(r"\n", " ; ", text)
    # a descriptor number written against its redirection (2>&1, 2>/dev/null) is no argument;
    # one a space sets apart (--count 40 >> log) is: mark the first kind before the lexer, which
    # splits both alike
    text = _FD_PREFIX.sub(lambda m: FD_MARK + m.group(1), text)
    lex = shlex.shlex(text, posix=True, punctuation_chars=True)
    lex.whitespace_split = True
    lex.commenters = ""
    try:
        raw = list(lex)
    except ValueError:  # unbalanced quotes: fall back to whitespace
        raw = text.replace("'", " ").replace('"', " ").split()
    toks: list[str] = []
    for t in raw:
        if t and all(c in "();<>|&" for c in t):
            toks.extend(_split_ops(t))
        elif t.startswith(FD_MARK) and t[1:].isdigit():
            toks.append(t)
        else:
            toks.append(t.replace(FD_MARK, ""))
    # "$" "(" ... ")" from an unquoted $( ): glue into one substitution marker
    return toks


_SUBST = re.compile(r"\$\(((?:[^()]|\((?:[^()]|\([^()]*\))*\))*)\)")
"""A ``$( )`` inside a word (quoted, or glued to text); backticks are ``$( )`` by then, and a
backtick left in a word was quoted or escaped: text, not a command."""


def parse(command: str, depth: int = 0) -> CommandLine:
    """A command line as statements of pipelines of stages (enough of POSIX sh for judging)."""
    if depth > 4:
        return []
    toks = _lex(strip_heredocs(command)[0])
    return _parse_tokens(toks, depth)


def _matching(toks: list[str], i: int) -> int:
    depth = 0
    for j in range(i, len(toks)):
        if toks[j] in ("(", "<(", ">("):
            depth += 1
        elif toks[j] == ")":
            depth -= 1
            if depth == 0:
                return j
    return len(toks)


def _parse_tokens(toks: list[str], depth: int) -> CommandLine:
    if depth > 6:  # absurdly deep nesting: keep the words, drop the structure
        return [[Stage(words=[t for t in toks if not all(c in "();<>|&" for c in t)])]]
    lines: CommandLine = []
    pipe: Pipeline = []
    stage = Stage()
    i = 0
    while i < len(toks):
        t = toks[i]
        if t in _SEPARATORS:
            pipe.append(stage)
            lines.append(pipe)
            pipe, stage = [], Stage()
        elif t in ("|", "|&"):
            pipe.append(stage)
            stage = Stage()
        elif t in ("(", "<(", ">("):
            j = _matching(toks, i)
            inner = _parse_tokens(toks[i + 1 : j], depth + 1)
            if t == "(" and stage.words and stage.words[-1].endswith("$"):
                # ``$( )`` unquoted, alone or ending a word (``CODE=$(sed -n 5p f)``)
                stage.words[-1] = stage.words[-1][:-1] + "$(…)"
                stage.subs.append(inner)
            elif t == "(":
                stage.groups.append(inner)
            else:
                stage.subs.append(inner)
                stage.words.append("<(…)")
            i = j
        elif t == "<<<" and i + 1 < len(toks):  # here-string: its text is the stage's input
            word = toks[i + 1]
            stage.redirects.append((t, word))
            for m in _SUBST.finditer(word):
                stage.subs.append(parse(m.group(1), depth + 1))
            i += 1
        elif t in (">", ">>", "<", "&>", ">&", "<<") and i + 1 < len(toks):
            stage.redirects.append((t, toks[i + 1]))
            i += 1
        elif t == ")":
            pass
        elif t.startswith(FD_MARK) and i + 1 < len(toks) and toks[i + 1] in (">", ">>", "<", ">&", "&>"):
            pass  # a file descriptor number (2>&1, 2>/dev/null), not an argument
        else:
            for m in _SUBST.finditer(t):
                stage.subs.append(parse(m.group(1), depth + 1))
            stage.words.append(t)
        i += 1
    pipe.append(stage)
    lines.append(pipe)
    return [[s for s in p if s.words or s.subs or s.groups or s.redirects] for p in lines if p]


def line_stages(line: CommandLine) -> list[Stage]:
    out = []
    for pipe in line:
        for st in pipe:
            out.append(st)
            for g in st.groups:
                out.extend(line_stages(g))
    return out


def _inline_code(st: Stage) -> str | None:
    argv = st.argv()
    for k, a in enumerate(argv[1:], 1):
        if a in ("-c", "-e", "-r", "--command", "-Command", "--eval") or (
            (st.program in SHELLS or st.program == "su") and re.match(r"^-[a-zA-Z]*c$", a)
        ):
            return " ".join(argv[k + 1 :]) if k + 1 < len(argv) else ""
    return None
