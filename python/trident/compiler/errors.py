"""`trident.compiler.errors`, where Triton's code finds the errors of a
compile (`triton.compiler.errors.CompilationError`): the same classes as
`trident.CompilationError` and its kin."""
from .._errors import (CompilationError, CompileTimeAssertionFailure,
                       TritonError)

__all__ = ["CompilationError", "CompileTimeAssertionFailure", "TritonError"]
