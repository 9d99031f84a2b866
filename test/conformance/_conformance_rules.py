"""Which of Triton's tests do not apply to Trident, and why: the tests of
Triton's own internals (its TTIR/TTGIR/LLIR text, its MLIR parser and
FileCheck, its AMD targets), and on the CPU target the tests whose check
is the PTX a GPU compile makes. The runner counts them apart from passes,
failures and skips, with the reason.

Rules are tried in order: a test's name in NA_TESTS (any device), then in
NA_ON_CPU (the CPU target) or NA_ON_CUDA (NVIDIA GPUs), then RULES on the
test function's source.
"""
import inspect
import re

NA_TESTS = {
    "test_override_arch": "compiles for another architecture given by "
                          "Triton's arch option and reads its TTGIR/AMDGCN",
}

NA_ON_CPU = {
    "test_maxnreg": "checks .maxnreg in the PTX (there is no PTX)",
    "test_enable_fp_fusion": "checks fma in the PTX (there is no PTX)",
    "test_enable_reflect_ftz": "checks ex2.approx.ftz in the PTX (there is "
                               "no PTX)",
    "test_pointer_arguments": "checks that host tensors are refused and "
                              "CUDA ones taken (its own device list)",
    "test_zero_strided_tensors": "runs under torch.cuda.device",
}

NA_ON_CUDA = {
    "test_tl_range_num_stages": "checks the cp.async commit groups Triton's "
                                "pipeliner leaves in flight ('cp.async."
                                "wait_group 6' for 5 stages); Trident's "
                                "pipeline tracks each stage's cp.async "
                                "copies with an mbarrier "
                                "(cp.async.mbarrier.arrive), so its PTX "
                                "has no such count",
}

# (pattern on the test function's source, reason)
RULES = [
    (re.compile(r"""asm\[\s*['"](ttir|ttgir)['"]\s*\]"""),
     "checks Triton's TTIR/TTGIR text, which Trident does not make"),
    (re.compile(r"""asm\[\s*['"]llir['"]\s*\]"""),
     "checks Triton's LLVM IR text"),
    (re.compile(r"filecheck|run_parser|parse_mlir_module|ir\.context\(\)"),
     "tests Triton's MLIR front end (FileCheck on its IR)"),
    (re.compile(r"\bGPU_DIALECT\b|BlockedLayout|NVMMASharedLayout|"
                r"AMDMFMALayout|SwizzledSharedLayout"),
     "writes Triton's GPU dialect (TTGIR layouts)"),
    (re.compile(r"ASTSource|GPUTarget\("),
     "drives Triton's compiler internals (ASTSource, GPUTarget)"),
]


def _source(item):
    fn = getattr(item, "function", None)
    if fn is None:
        return ""
    try:
        return inspect.getsource(fn)
    except (OSError, TypeError):
        return ""


def not_applicable(item, device):
    """The reason `item` does not apply on `device`, or None."""
    name = getattr(item, "originalname", None) or item.name
    if name in NA_TESTS:
        return NA_TESTS[name]
    if device == "cpu" and name in NA_ON_CPU:
        return "on the CPU target: " + NA_ON_CPU[name]
    if device == "cuda" and name in NA_ON_CUDA:
        return "on NVIDIA GPUs: " + NA_ON_CUDA[name]
    src = _source(item)
    for pattern, reason in RULES:
        if pattern.search(src):
            return reason
    return None
