"""The compiler: Python AST to Tile IR (code_generator), compile and the
CompiledKernel (compiler), the errors of a compile (errors)."""
from . import errors  # noqa: F401  (triton.compiler.errors.CompilationError)
