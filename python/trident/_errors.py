"""Errors the front end reports about user code."""


class TridentUserError(Exception):
    """A mistake in a kernel, raised by the language's built-ins and typing
    rules; the code generator turns it into a CompilationError that points
    at the kernel's source line."""


class TritonError(Exception):
    """The common base of CompilationError and OutOfResources, as Triton's
    `triton.TritonError` is of its errors (`triton.TritonError` under
    trident.compat)."""


class CompilationError(TritonError):
    """A kernel could not be compiled. The message starts with
    `file:line:col`, quotes the source line and puts a caret under the
    column; `.filename`, `.lineno`, `.col` and `.reason` give the parts."""

    def __init__(self, reason, filename=None, lineno=None, col=None,
                 source_line=None, function=None, call_stack=(), notes=()):
        self.reason = reason
        self.notes = list(notes)
        self.filename = filename
        self.lineno = lineno
        self.col = col
        self.source_line = source_line
        self.function = function
        self.call_stack = list(call_stack)
        super().__init__(self._format())

    @property
    def error_message(self):
        """The reason alone (Triton's CompilationError.error_message)."""
        return self.reason

    def _format(self):
        if self.filename is None:
            return self.reason
        head = "%s:%s:%s: " % (self.filename, self.lineno, self.col)
        where = "in %s: " % self.function if self.function else ""
        lines = [head + where + self.reason]
        if self.source_line is not None:
            text = self.source_line.rstrip("\n")
            lines.append("    " + text)
            if self.col:
                lines.append("    " + " " * (self.col - 1) + "^")
        for frame in self.call_stack:
            lines.append("  called from %s" % frame)
        lines.extend(self.notes)
        return "\n".join(lines)


class CompileTimeAssertionFailure(CompilationError):
    """A `tl.static_assert` did not hold while the kernel was compiled. As
    under Triton, an autotuner takes the config for one the kernel does not
    support and times the others."""


class PTXASError(CompilationError):
    """ptxas refused the PTX of a kernel (its report is in the message)."""


class LaunchError(TypeError, ValueError):
    """A kernel was called or launched wrongly from the host (no grid, wrong
    or unknown arguments, an argument a kernel cannot take). The message
    names the kernel, quotes its definition and says what is wrong."""


class ArgumentOverflow(TridentUserError):
    """An integer argument does not fit in 64 bits (reported as a
    LaunchOverflowError)."""


class InvalidLaunchOption(TridentUserError):
    """A launch option no target takes (num_warps=3): raised as a
    LaunchOptionError."""


class LaunchOptionError(LaunchError, AssertionError):
    """A launch with an option no target takes (num_warps=3, num_ctas=16):
    an AssertionError too, as Triton's check of its options raises."""


class LaunchOverflowError(LaunchError, OverflowError):
    """A LaunchError for an integer argument that does not fit in 64 bits:
    also an OverflowError, as Triton raises for it."""


class OutOfResources(TritonError):
    """A compiled kernel needs more of a resource than the target has."""


class CompilationOutOfResources(CompilationError, OutOfResources):
    """Compiling found that the kernel needs more of a resource than the
    target has (shared memory per program): both a CompilationError, with
    the kernel's source line, and an OutOfResources, as Triton reports it
    (there at load time), so that an autotuner passes over the config."""


class UnsupportedLaunchOption(CompilationError):
    """A launch option Trident does not support yet (thread-block clusters
    through `ctas_per_cga`): an autotuner passes over configs that ask for
    it; a direct launch raises it."""


class KernelError(RuntimeError):
    """A kernel failed while it ran: a tl.device_assert that did not hold
    (the message names the kernel, its file:line and the program id), or
    an error the runtime reported for the launch."""


class KernelArgumentError(KernelError, ValueError):
    """A launch's argument the GPU cannot use: a pointer argument that is
    not memory of the GPU (a CPU tensor given to a GPU kernel). A
    ValueError too, as Triton raises for it."""


class StaticAssertionError(TridentUserError):
    """tl.static_assert's failure inside the front end; the code generator
    reports it as a CompileTimeAssertionFailure at the kernel's line."""


for _cls in (TridentUserError, CompilationError, LaunchError,
             OutOfResources, KernelError, CompileTimeAssertionFailure,
             PTXASError, CompilationOutOfResources):
    _cls.__module__ = "trident"
