"""Misuses of trident.autotune, trident.Config and trident.heuristics are
TridentUserErrors that name the kernel (with its file and line), the
argument or config at fault and, for a function the user gave that
raised, that function and its line; the original exception is the
__cause__."""
import os
import warnings

import numpy as np
import pytest

import trident
import trident.language as tl
from trident._errors import TridentUserError

THIS = os.path.abspath(__file__)


@trident.jit
def double(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * 2,
             mask=offs < n)


KERNEL_AT = "double (%s:%d)" % (THIS, double.starting_line)
CONFIGS = [trident.Config({"BLOCK": 16}), trident.Config({"BLOCK": 32})]


def grid(meta):
    return (trident.cdiv(meta["n"], meta["BLOCK"]),)


def data(n=40):
    x = np.arange(n, dtype=np.float32)
    return x, np.zeros_like(x)


def tune(**kw):
    kw.setdefault("configs", CONFIGS)
    kw.setdefault("key", ["n"])
    return trident.autotune(**kw)(double)


def refused(match, fn, *args, **kwargs):
    with pytest.raises(TridentUserError, match=match) as info:
        fn(*args, **kwargs)
    return info.value


def test_configs_that_are_not_configs():
    e = refused(r"autotune of double \(.*\): configs\[1\] is \{'BLOCK': 32\} "
                r"\(dict\), not a trident.Config", tune,
                configs=[trident.Config({"BLOCK": 16}), {"BLOCK": 32}])
    assert KERNEL_AT in str(e)
    refused(r"configs is a list of trident.Config, not Config\(BLOCK: 16",
            tune, configs=trident.Config({"BLOCK": 16}))
    refused(r"configs is a list of trident.Config, not 3 \(int\)", tune,
            configs=3)
    # No configs: one of the defaults, as Triton's.
    tuned = tune(configs=[])
    assert len(tuned.configs) == 1 and tuned.configs[0].kwargs == {}


def test_config_arguments():
    refused(r"trident.Config: its first argument is a dict .* not 16 "
            r"\(int\)", trident.Config, 16)
    refused(r"meta-parameter names are strings, not 1 \(int\)",
            trident.Config, {1: 2})
    refused(r"pre_hook must be a function .* not 'hook' \(str\)",
            trident.Config, {"BLOCK": 16}, pre_hook="hook")


def test_config_setting_what_the_kernel_does_not_have():
    refused(r"configs\[0\] Config\(BLOKC: 16.*\) sets 'BLOKC', which is not "
            r"a parameter of double\(x_ptr, y_ptr, n, BLOCK\) \(did you mean "
            r"'BLOCK'\?\)", tune, configs=[trident.Config({"BLOKC": 16})])
    # A launch option among the meta-parameters would be overridden by the
    # config's own (num_warps=4): said so.
    refused(r"configs\[1\] .* sets num_warps among its meta-parameters, and "
            r"double has no parameter of that name: a launch option is "
            r"given as Config\(..., num_warps=...\)", tune,
            configs=[trident.Config({"BLOCK": 16}),
                     trident.Config({"BLOCK": 16, "num_warps": 8})])


def test_key():
    refused(r"key is a list of parameter names: write key=\['n'\], not "
            r"key='n'", tune, key="n")
    refused(r"key names parameters \(strings\), not 2 \(int\)", tune,
            key=[2])
    refused(r"trident.autotune needs key=\[...\]", trident.autotune, CONFIGS)
    # A key naming no parameter is ignored with a warning, as Triton does
    # (tutorial 08 has a misspelled one).
    with pytest.warns(UserWarning, match="'m' is not a parameter"):
        tune(key=["n", "m"])


def test_autotune_on_what_is_not_a_kernel():
    def plain(x):
        return x

    e = refused(r"trident.autotune applies to a @trident.jit kernel .*not "
                r"to .*plain \(.*:\d+\); put @trident.jit below "
                r"@trident.autotune", trident.autotune(CONFIGS, key=["n"]),
                plain)
    assert THIS in str(e)
    refused(r"trident.heuristics applies to a @trident.jit kernel",
            trident.heuristics({"BLOCK": lambda a: 16}), 42)
    # Without its arguments: the kernel taken for the configs.
    refused(r"trident.autotune takes its configs and key before the kernel",
            trident.autotune, double)


def test_calling_a_tuned_kernel_without_a_grid():
    tuned = tune()
    x, y = data()
    refused(r"double is a kernel \(wrapped by trident.autotune\): launch it "
            r"with double\[grid\]\(...\)", tuned, x, y, 40)


def test_reset_to_zero_and_restore_value():
    e = refused(r"'y_tpr' \(in reset_to_zero\) is not a parameter of "
                r"double\(x_ptr, y_ptr, n, BLOCK\) \(did you mean "
                r"'y_ptr'\?\)", tune, reset_to_zero=["y_tpr"])
    assert KERNEL_AT in str(e)
    refused(r"'z' \(in restore_value\) is not a parameter", tune,
            restore_value=["z"])
    # A lone name (its letters would be taken for names).
    refused(r"reset_to_zero is a list of parameter names: write "
            r"reset_to_zero=\['y_ptr'\], not reset_to_zero='y_ptr'", tune,
            reset_to_zero="y_ptr")
    refused(r"restore_value is a list of parameter names, not 3", tune,
            restore_value=3)
    # An argument that cannot be zeroed or copied: named when tuning.
    x, y = data()
    refused(r"reset_to_zero: argument 'n' \(int\) cannot be zeroed",
            tune(reset_to_zero=["n"])[grid], x, y, 40)
    refused(r"restore_value: argument 'n' \(int\) cannot be copied",
            tune(restore_value=["n"])[grid], x, y, 40)


def test_prune_configs_by():
    refused(r"prune_configs_by is a dict .* not <function", tune,
            prune_configs_by=lambda c, n: c)
    refused(r"prune_configs_by has no key 'early_prune' \(did you mean "
            r"'early_config_prune'\?\)", tune,
            prune_configs_by={"early_prune": lambda c, n: c})
    refused(r"prune_configs_by\['early_config_prune'\] must be a function, "
            r"not 3", tune, prune_configs_by={"early_config_prune": 3})
    refused(r"prune_configs_by\['perf_model'\] must be a function", tune,
            prune_configs_by={"perf_model": "fast", "top_k": 1})
    for bad in (0, "2", 1.5, True):
        refused(r"prune_configs_by\['top_k'\] is a number of configs", tune,
                prune_configs_by={"perf_model": lambda **k: 0, "top_k": bad})

    x, y = data()

    def none_left(configs, named, **kwargs):
        return []

    e = refused(r"prune_configs_by\['early_config_prune'\] none_left "
                r"\(.*:\d+\) returned \[\] \(list\); it must return a "
                r"non-empty list of the configs",
                tune(prune_configs_by={"early_config_prune": none_left})[grid],
                x, y, 40)
    assert THIS in str(e)

    def broken(configs, named, **kwargs):
        return configs[5]

    e = refused(r"prune_configs_by\['early_config_prune'\] broken \(.*\) "
                r"raised IndexError: list index out of range",
                tune(prune_configs_by={"early_config_prune": broken})[grid],
                x, y, 40)
    assert isinstance(e.__cause__, IndexError)

    def model(**kw):
        return kw["missing"]

    refused(r"prune_configs_by\['perf_model'\] model \(.*\) raised KeyError",
            tune(prune_configs_by={"perf_model": model, "top_k": 1})[grid],
            x, y, 40)


def test_hooks():
    refused(r"pre_hook must be a function, not 1", tune, pre_hook=1)
    refused(r"post_hook must be a function", tune, post_hook="p")
    refused(r"do_bench must be a function", tune, do_bench=[])
    x, y = data()

    def bad_hook(args):
        raise RuntimeError("hook broke")

    configs = [trident.Config({"BLOCK": 16}),
               trident.Config({"BLOCK": 32}, pre_hook=bad_hook)]
    e = refused(r"the pre_hook of Config\(BLOCK: 32, num_warps: 4.*\) "
                r"bad_hook \(.*:\d+\) raised RuntimeError: hook broke",
                tune(configs=configs)[grid], x, y, 40)
    assert isinstance(e.__cause__, RuntimeError)
    assert THIS in str(e)
    refused(r"pre_hook \(running Config\(BLOCK: 16.*\)\) bad_hook .* raised "
            r"RuntimeError", tune(pre_hook=bad_hook)[grid], x, y, 40)
    refused(r"post_hook \(running Config\(BLOCK: 16.*\)\) <lambda> .* "
            r"raised ZeroDivisionError",
            tune(post_hook=lambda a, e: 1 / 0)[grid], x, y, 40)


def test_warmup_and_rep():
    for name, bad in (("rep", 0), ("rep", "3"), ("warmup", -1),
                      ("rep", True)):
        refused(r"%s must be a number of at least \d, not" % name, tune,
                **{name: bad})
    tune(rep=5, warmup=0)  # fine


def test_conflicting_meta_parameter():
    tuned = tune()
    x, y = data()
    refused(r"conflicting meta-parameter 'BLOCK': the launch gives it \(by "
            r"keyword\) and so does the config Config\(BLOCK: 16",
            tuned[grid], x, y, 40, BLOCK=16)
    refused(r"conflicting meta-parameter 'BLOCK': the launch gives it "
            r"\(positionally\)", tuned[grid], x, y, 40, 16)


def test_unhashable_key_value():
    tuned = tune(key=["n"])
    x, y = data()
    refused(r"the key's values \(\[40\],.*\) cannot key a choice",
            tuned[grid], x, y, [40])


def test_heuristics():
    at = "heuristics of " + KERNEL_AT.replace("(", r"\(").replace(")", r"\)")
    refused(at + r": its argument is a dict", trident.heuristics(
        [("BLOCK", lambda a: 16)]), double)
    refused(at + r": the value for 'BLOCK' must be a function of the "
            r"arguments .* not 16 \(int\)",
            trident.heuristics({"BLOCK": 16}), double)
    refused(at + r": 'BLOK' is not a parameter of double\(x_ptr, y_ptr, n, "
            r"BLOCK\) \(did you mean 'BLOCK'\?\)",
            trident.heuristics({"BLOK": lambda a: 16}), double)
    x, y = data()
    wrapped = trident.heuristics({"BLOCK": lambda a: a["size"]})(double)
    e = refused(at + r": the function for 'BLOCK', <lambda> \(.*:\d+\), "
                r"raised KeyError: 'size'", wrapped[grid], x, y, 40)
    assert isinstance(e.__cause__, KeyError)
    # Launch options may be computed too, and a good one runs.
    ok = trident.heuristics({"BLOCK": lambda a: 16,
                             "num_warps": lambda a: 2})(double)
    ok[grid](x, y, 40)
    np.testing.assert_array_equal(y, 2 * x)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        tuned = trident.autotune(CONFIGS, key=["n"])(
            trident.heuristics({"num_warps": lambda a: 2})(double))
    y[:] = 0
    tuned[grid](x, y, 40)
    np.testing.assert_array_equal(y, 2 * x)


def test_config_launch_options():
    for name, bad in (("num_warps", "8"), ("num_stages", -1),
                      ("num_ctas", 0), ("maxnreg", 2.5), ("num_warps", True)):
        refused(r"trident.Config\(\{'BLOCK': 16\}\): %s must be a positive "
                r"integer, not" % name, trident.Config, {"BLOCK": 16},
                **{name: bad})
    refused(r"trident.Config\(\{'BLOCK': 16\}\): num_warps must be a power "
            r"of 2, got 3", trident.Config, {"BLOCK": 16}, num_warps=3)
    refused(r"num_ctas must be 1, 2, 4 or 8", trident.Config, {"BLOCK": 16},
            num_ctas=16)
    refused(r"ctas_per_cga is a cluster shape of 1 to 3 integers, not 2 "
            r"\(int\)", trident.Config, {"BLOCK": 16}, ctas_per_cga=2)
