//===- Passes.td - Trident conversion passes ---------------*- tablegen -*-===//
#ifndef TRIDENT_CONVERSION_PASSES
#define TRIDENT_CONVERSION_PASSES

include "mlir/Pass/PassBase.td"

def ConvertTileIRToGPUIR : Pass<"convert-tir-to-gir", "::mlir::ModuleOp"> {
  let summary = "Give every tile a register layout (Tile IR to GPU IR)";
  let description = [{
    The first step of the `gir` stage. Every tile gets a distributed
    encoding: sources (ranges, splats, constants, shape changes) get the
    default blocked layout of their shape for `num-warps` warps of
    `threads-per-warp` lanes; elementwise operations, loads and stores take
    the layout of their first tiled operand (of the pointer, for memory
    operations) and convert the others to it; a reduction gives the slice of
    its operand's layout, `tir.expand_dims` the parent of a slice, a
    broadcast keeps its operand's layout; loop-carried tiles keep the layout
    they enter with. Conversions are explicit `gir.convert_layout` ops for
    later passes to remove or lower. The module records `gir.num_warps` and
    `gir.threads_per_warp`.
  }];
  let options = [
    Option<"numWarps", "num-warps", "unsigned", "4",
           "Warps per program">,
    Option<"threadsPerWarp", "threads-per-warp", "unsigned", "32",
           "Lanes per warp">,
  ];
  let dependentDialects = ["::trident::gir::GPUIRDialect"];
}

def ConvertGPUIRToLLVM : Pass<"convert-gir-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Distribute tiles over threads and lower GPU IR to LLVM + NVVM";
  let description = [{
    The first step of the NVIDIA `llir` stage. Each tile becomes the vector
    of the elements its layout gives the calling thread; each Tile IR
    operation becomes the per-thread code of its layout: register
    arithmetic for elementwise operations, compile-time register moves for
    broadcasts and `tir.expand_dims`, warp shuffles and shared memory for
    reductions and layout conversions, gathers and scatters through vectors
    of pointers for loads and stores. Then everything (scf, arith, math, cf,
    func, vector) is lowered to the LLVM dialect. Kernels (`tir.kernel`)
    become `llvm.func`s marked `nvvm.kernel` with `nvvm.maxntid` set from
    `gir.num_warps`; static shared memory is a module global per use.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::cf::ControlFlowDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::ub::UBDialect"];
}

#endif // TRIDENT_CONVERSION_PASSES
