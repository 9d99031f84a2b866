"""08 grouped GEMM: the tutorial's perf functions (triton_perf_fn, and
triton_tma_perf_fn with B transposed, Hopper's TMA variant) on pointer
arrays made as its benchmark makes them; outputs NaN-filled here."""
import torch

from common import Case, randn

TUTORIAL = "08-grouped-gemm.py"
ROOTS = ["triton_perf_fn", "triton_tma_perf_fn"]
COMPILE = {"grouped_matmul_kernel": dict(
    signature={"group_a_ptrs": "*i64", "group_b_ptrs": "*i64",
               "group_c_ptrs": "*i64", "group_gemm_sizes": "*i32",
               "g_lds": "*i32", "group_size": "i32"},
    constexprs={"NUM_SM": 132, "BLOCK_SIZE_M": 128, "BLOCK_SIZE_N": 128,
                "BLOCK_SIZE_K": 64}),
    "grouped_matmul_tma_kernel": dict(
    signature={"group_a_ptrs": "*i64", "group_b_ptrs": "*i64",
               "group_c_ptrs": "*i64", "group_gemm_sizes": "*i32",
               "g_lds": "*i32", "group_size": "i32"},
    constexprs={"NUM_SM": 132, "BLOCK_SIZE_M": 128, "BLOCK_SIZE_N": 128,
                "BLOCK_SIZE_K": 64, "FP8": False}, num_warps=8)}


def _inputs(sizes, device):
    return dict(A=[randn(m, k, device=device) for m, n, k in sizes],
                B=[randn(k, n, device=device) for m, n, k in sizes])


def _prepare(mod, i, tma):
    device = i["A"][0].device
    bs = [b.T.contiguous() for b in i["B"]] if tma else i["B"]
    cs = [torch.full((a.shape[0], b.shape[1]), float("nan"),
                     dtype=torch.float16, device=device)
          for a, b in zip(i["A"], i["B"])]

    def array(values, dtype=torch.int64):
        return torch.tensor(values, dtype=dtype, device=device)
    args = (array([a.data_ptr() for a in i["A"]]),
            array([b.data_ptr() for b in bs]),
            array([c.data_ptr() for c in cs]),
            array([d for a, b in zip(i["A"], i["B"])
                   for d in (a.shape[0], b.shape[1], a.shape[1])],
                  torch.int32),
            array([s for a, b, c in zip(i["A"], bs, cs)
                   for s in (a.stride(0), b.stride(0), c.stride(0))],
                  torch.int32),
            len(cs))
    if tma:  # the tutorial's group_gemm_tma_fn sets it before its perf fn
        mod.triton.set_allocator(lambda size, align, stream: torch.empty(
            size, dtype=torch.int8, device=device))

        def call():
            mod.triton_tma_perf_fn(*args, dtype=torch.float16)
            return cs
    else:
        def call():
            mod.triton_perf_fn(*args)
            return cs
    return call


def cases(device, quick):
    groups = {"4x1024": [(1024, 1024, 1024)] * 4,
              "1024,512,256,128": [(s, s, s) for s in (1024, 512, 256, 128)],
              "4x4096": [(4096, 4096, 4096)] * 4}
    if quick:
        groups = {"4x1024": groups["4x1024"]}
    if device == "cpu":
        # The tutorial assumes full tiles (no masks): sizes that are
        # multiples of its blocks (128 x 128 x 32..128).
        groups = {"128x128x128,256x128x128": [(128, 128, 128),
                                              (256, 128, 128)]}
    for tma in (False, True):
        if tma and device == "cpu":
            continue
        for name, sizes in groups.items():
            yield Case(
                "grouped_matmul%s" % (" tma" if tma else ""), name, "fp16",
                inputs=lambda sizes=sizes: _inputs(sizes, device),
                prepare=lambda mod, i, tma=tma: _prepare(mod, i, tma),
                ref=lambda i: [a.float() @ b.float()
                               for a, b in zip(i["A"], i["B"])],
                flops=sum(2.0 * m * n * k for m, n, k in sizes),
                tuned=("grouped_matmul_tma_kernel" if tma else
                       "grouped_matmul_kernel",))
