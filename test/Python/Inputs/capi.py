import sys
import trident

missing = sys.argv[1]
print("build id:", trident.core_build_id())
print("plugins before:", trident.plugins())
try:
    trident.load_plugin(missing)
    raise SystemExit("loading a missing plugin succeeded")
except trident.PluginError as e:
    print("error:", e)
print(trident.print_pipeline("cpu"))
ir = trident.compile_mlir(
    "func.func @k() -> i32 { %0 = tir.get_program_id 0 : i32\n return %0 : i32 }",
    target="cpu", until_stage="tir")
print("compiled:", [l.strip() for l in ir.splitlines() if "func.func" in l][0])
try:
    trident.compile_mlir("func.func @k( {", target="cpu")
    raise SystemExit("bad IR compiled")
except trident.TridentError as e:
    print("bad IR:", str(e).splitlines()[0])
print("done")
