"""trident.testing.do_bench on the CPU target (no GPU here): wall-clock
milliseconds per call, the summaries Triton's has, and its errors."""
import time

import pytest

from trident.testing import do_bench


def test_do_bench_measures_the_call():
    ms = do_bench(lambda: time.sleep(0.002), warmup=5, rep=30)
    assert 1.9 <= ms < 20, ms
    lo, mid, hi = do_bench(lambda: time.sleep(0.001), warmup=2, rep=20,
                           quantiles=[0.1, 0.5, 0.9])
    assert lo <= mid <= hi and mid >= 0.9
    times = do_bench(lambda: None, rep=1, return_mode="all")
    assert isinstance(times, list) and len(times) >= 3


def test_do_bench_errors():
    with pytest.raises(ValueError) as e:
        do_bench(lambda: None, rep=1, return_mode="average")
    assert "return_mode must be one of median, mean" in str(e.value)
    with pytest.raises(ValueError):
        do_bench(lambda: None, rep=1, quantiles=[1.5])
    with pytest.raises(RuntimeError) as e:
        do_bench(lambda: None, device="cuda")
    assert "needs torch with a CUDA device" in str(e.value)
