"""A scripted person at ``trixsim play``: reads the command's output until a prompt and
types answers, like a person at a terminal (every game's play tests use it)."""

import os
import re
import select
import subprocess
import sys
import time

from tests.run_files import trixsim  # noqa: F401  (for the games' play tests)

ASKED = r"seat (\d), your (\w+) \[([^\]]*)\]: "
PROMPT = re.compile(ASKED + "$")
HAND_CARD = re.compile(r"(\d):(10|[789JQKA])([♥♣♦♠])")
SUIT_LETTER = dict(zip("♥♣♦♠", "HCDS", strict=True))
FIRST_PROMPT_TIMEOUT = 600  # a changed source recompiles the numba kernels first


# The command starts as a terminal's shell starts it: Ctrl-C unblocked and at its default,
# whatever the test process inherited (a blocked or ignored signal survives exec). A suite run
# as a shell's background job (`make test &`, `nohup`) starts with Ctrl-C ignored, Python keeps
# an ignored SIGINT ignored, and `trixsim play`, which leaves Ctrl-C to Python's handler, then
# sat through it (a tournament installs its own). The same python, exec'd.
LIKE_A_SHELL = (
    "import os, signal, sys; signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT}); "
    "signal.signal(signal.SIGINT, signal.SIG_DFL); os.execv(sys.executable, [sys.executable, "
    "*sys.argv[1:]])"
)


class Person:
    """Plays ``trixsim play`` through its stdin and stdout, like a person at a terminal."""

    def __init__(self, args, cwd):
        env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE")}
        env.update(NO_COLOR="1", PYTHONIOENCODING="utf-8", COLUMNS="100")
        self.proc = subprocess.Popen(
            [sys.executable, "-c", LIKE_A_SHELL, "-m", "sim.cli", "play", "--delay", "0", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd,
            env=env,
        )
        self.raw = b""
        self.mark = 0  # output before this was already answered
        self.answers = 0
        self.expect = 0  # prompts the lines sent last will answer

    @property
    def text(self) -> str:
        return self.raw.decode("utf-8", "replace")

    def since(self) -> str:
        return self.raw[self.mark :].decode("utf-8", "replace")

    def prompt(self, timeout=60):
        """The next prompt (a match of PROMPT), or None once the command has ended."""
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + (FIRST_PROMPT_TIMEOUT if not self.raw else timeout)
        while True:
            m = PROMPT.search(self.since())
            if m and len(re.findall(ASKED, self.since())) >= self.expect:
                return m
            left = deadline - time.monotonic()
            assert left > 0, f"no prompt; output ends with:\n{self.text[-3000:]}"
            ready, _, _ = select.select([fd], [], [], left)
            if ready:
                data = os.read(fd, 65536)
                if not data:
                    return None
                self.raw += data

    def send(self, *lines, prompts=None):
        """Type ``lines``; ``prompts`` of them answer a prompt (all, unless said)."""
        self.mark = len(self.raw)
        self.expect = len(lines) if prompts is None else prompts
        self.proc.stdin.write(("\n".join(lines) + "\n").encode())
        self.proc.stdin.flush()
        self.answers += 1

    def hand(self) -> list[str]:
        """The hand on the last screen, as cards like QS."""
        screen = self.since()
        start = max((m.start() for m in re.finditer(r"Seat \d, your hand", screen)), default=0)
        return [
            ("T" if r == "10" else r) + SUIT_LETTER[s]
            for _, r, s in HAND_CARD.findall(screen[start:])
        ]

    def finish(self, timeout=60):
        """Wait for the command's end: its exit code, and its stderr."""
        self.proc.stdin.close()
        rest = self.proc.stdout.read()
        self.raw += rest
        code = self.proc.wait(timeout)
        return code, self.proc.stderr.read().decode()
