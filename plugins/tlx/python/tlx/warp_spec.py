"""Helpers of warp-specialized kernels, as TLX's `tlx.warp_spec` names
them: `from trident.language.extra.tlx.warp_spec import get_bufidx_phase`."""
import trident
import trident.language as tl


@trident.jit
def get_bufidx_phase(accum_cnt, NUM_BUFFERS: tl.constexpr):
    """The slot of the `accum_cnt`-th use of a ring of NUM_BUFFERS slots,
    and the phase (0 or 1) its barrier is in on that use."""
    buf_idx = accum_cnt % NUM_BUFFERS
    phase = (accum_cnt // NUM_BUFFERS) & 1
    return buf_idx, phase
