"""The progress line on stderr: rewritten in place on a terminal, one line per
step otherwise (logs, lit)."""

import shutil
import sys


class Progress:
    def __init__(self, total, stream=None):
        self.total = total
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty()
        self.width = 0  # length of the line now shown (terminal only)
        self.name_width = 14

    def step(self, index, name, text):
        digits = len(str(self.total))
        line = "[%*d/%d] %-*s  %s" % (digits, index, self.total, self.name_width, name, text)
        if self.tty:
            # A line longer than the terminal would wrap and defeat the \r.
            line = line[:max(20, shutil.get_terminal_size().columns - 1)]
            pad = max(0, self.width - len(line))
            self.stream.write("\r" + line + " " * pad)
            self.width = len(line)
        else:
            self.stream.write(line + "\n")
        self.stream.flush()

    def message(self, text):
        """A line that stays (a failure, a note)."""
        self.clear()
        self.stream.write(text.rstrip("\n") + "\n")
        self.stream.flush()

    def clear(self):
        if self.tty and self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.width = 0
            self.stream.flush()

    def done(self):
        self.clear()
