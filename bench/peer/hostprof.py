"""Host-side cost of one call of each side of a peer case: wall time per
call with the GPU kept busy (no sync per call), and a cProfile of the
Python frames (a Trident launch shows as its C++ entry point).

    python3 bench/peer/hostprof.py --only 08 [--calls 200] [--kernel tma]
"""
import cProfile
import os
import pstats
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run  # noqa: E402


def main():
    import argparse
    p = argparse.ArgumentParser()
    p.add_argument("--only", required=True)
    p.add_argument("--kernel", default="", help="substring of the row name")
    p.add_argument("--calls", type=int, default=200)
    p.add_argument("--configs", type=int, default=4)
    p.add_argument("--tutorials", default=os.path.join(run.ROOT, ".peer",
                                                       "tutorials"))
    p.add_argument("--pipeline", default="")
    args = p.parse_args()
    run.setup_trident()
    import torch
    gpu = torch.cuda.is_available()
    sync = torch.cuda.synchronize if gpu else (lambda: None)
    device = "cuda" if gpu else "cpu"
    sides_wanted = ["trident", "triton"] if gpu else ["trident"]
    for spec in run.case_modules(args.only):
        sides = run.load_sides(spec, args, sides_wanted)
        for case in spec.cases(device, True):
            if args.kernel and args.kernel not in case.kernel:
                continue
            inputs = case.inputs()
            ref = case.ref(inputs)
            for side in sides.values():
                run.check_side(case, side, inputs, ref)
                if side.error:
                    print(side.name, "error", side.error)
                    continue
                for _ in range(5):
                    side.call()
                sync()
                t0 = time.perf_counter()
                for _ in range(args.calls):
                    side.call()
                host = (time.perf_counter() - t0) / args.calls * 1e6
                sync()
                total = (time.perf_counter() - t0) / args.calls * 1e6
                print("%s %s %s: host %.1f us/call, host+GPU %.1f us/call"
                      % (case.kernel, case.shape, side.name, host, total))
                prof = cProfile.Profile()
                prof.enable()
                for _ in range(args.calls):
                    side.call()
                prof.disable()
                sync()
                stats = pstats.Stats(prof)
                stats.sort_stats("tottime").print_stats(14)
            sys.stdout.flush()


if __name__ == "__main__":
    main()
