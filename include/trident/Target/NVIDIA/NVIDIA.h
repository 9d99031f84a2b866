//===- NVIDIA.h - NVIDIA code generation: LLVM IR, PTX, cubin ---*- C++ -*-===//
//
// The back half of the cuda targets, usable on its own (no Tile IR needed):
//
//   MLIR (llvm + nvvm dialects) --translateToLLVMIR--> llvm::Module
//        --compileToPTX (LLVM's NVPTX back end, in process)--> PTX text
//        --assemblePTX (runs ptxas -v)--> cubin bytes + KernelMetadata
//
// and the registration that makes them the `translate-to-llvmir`,
// `llc-nvptx` and `ptxas` translation steps of the llir, ptx and cubin
// stages (see Compiler/TranslationStep.h).
//
// Kernels are `llvm.func`s marked `nvvm.kernel`, at the top level of the
// module, or marked `gpu.kernel` (or `nvvm.kernel`) inside a `gpu.module`,
// whose body is then compiled as the module. Module or kernel attributes
// read into the metadata:
//   trident.num_warps = N : i32      (else nvvm.reqntid / nvvm.maxntid / 32,
//                                     else 4)
//   trident.shared_bytes = N : i32   (dynamic shared memory; default 0)
//   nvvm.cluster_dim = array<i32: X, Y, Z>   (default 1, 1, 1)
// and module attributes that set how the LLVM IR becomes PTX and a cubin:
//   trident.fp_fusion = false        (a*b+c stays two roundings: LLVM does
//                                     not fuse, ptxas runs with --fmad=false)
//   trident.reflect_ftz = true|false (libdevice's __nvvm_reflect("__CUDA_FTZ"):
//                                     whether its f32 functions flush
//                                     denormals; default false)
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_TARGET_NVIDIA_NVIDIA_H
#define TRIDENT_TARGET_NVIDIA_NVIDIA_H

#include "trident/Target/NVIDIA/KernelMetadata.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace mlir {
class DialectRegistry;
}

namespace trident {
struct Target;
struct PipelineEdit;
}

namespace trident::nvidia {

/// The llvm, nvvm and gpu dialects with their LLVM IR translations.
void registerNVIDIADialects(mlir::DialectRegistry &registry);
/// The MLIR passes of the llir stage (convert-nvvm-to-llvm,
/// reconcile-unrealized-casts). Safe to call more than once.
void registerNVIDIAPasses();
/// The translation steps translate-to-llvmir, llc-nvptx and ptxas. Safe to
/// call more than once.
void registerNVIDIATranslationSteps();

/// The pipeline edit that bounds every barrier wait of a cuda target's
/// kernels (TRIDENT_DEBUG_BARRIERS, trident-compile --debug-barriers):
/// gir-bound-barrier-waits{timeout-ms=ms} right before convert-gir-to-llvm
/// in stage llir.
PipelineEdit boundBarrierWaitsEdit(int64_t timeoutMs);

/// "sm_90a" for cuda:90a and so on; an error for other targets.
llvm::Expected<std::string> smArchOf(const Target &target);

/// (a) Translates the module's kernel to LLVM IR and describes it in `meta`
/// (name, warps, shared memory, cluster; target fields are left to the
/// caller). Errors: no kernel, more than one kernel, ops that do not
/// translate (with MLIR's diagnostics).
llvm::Expected<std::unique_ptr<llvm::Module>>
translateToLLVMIR(mlir::ModuleOp module, llvm::LLVMContext &llvmContext,
                  KernelMetadata &meta);

struct PTXOptions {
  std::string arch = "sm_90a";
  /// PTX ISA version as in "+ptx86": 86 is CUDA 12.8's, accepted by the
  /// CUDA 13 ptxas and by driver 580.
  unsigned ptxVersion = 86;
  unsigned optLevel = 3; ///< 0-3, the new pass manager's O-levels
  /// Fuse a*b+c into fma (LLVM's FPOpFusion::Fast), as nvcc does by
  /// default; false: no fusion (FPOpFusion::Strict).
  bool fpFusion = true;
};

/// (b) Optimizes `module` and compiles it to PTX with LLVM's NVPTX back end
/// (only the NVPTX target is initialized). Sets the module's triple and data
/// layout. An unknown arch or a module that fails the verifier is an error.
llvm::Expected<std::string> compileToPTX(llvm::Module &module,
                                         const PTXOptions &options);

/// The ptxas to run: $TRIDENT_PTXAS, else cuda/bin/ptxas next to the core
/// library (bundled in a wheel), else /usr/local/cuda/bin/ptxas, else
/// `ptxas` on PATH. (libdevice is looked for in the toolkit of that ptxas.)
llvm::Expected<std::string> findPtxas();

struct CubinResult {
  std::string cubin;  ///< the ELF bytes
  std::string report; ///< ptxas -v output
  PtxasStats stats;   ///< of `kernel`
};

/// (c) Assembles `ptx` with `ptxas -arch=<arch> -v -O<optLevel>` and parses
/// the report for `kernel`. A ptxas failure is an error quoting its output.
llvm::Expected<CubinResult> assemblePTX(llvm::StringRef ptx,
                                        llvm::StringRef arch,
                                        llvm::StringRef kernel,
                                        unsigned optLevel = 3,
                                        llvm::ArrayRef<std::string> extraFlags = {});

} // namespace trident::nvidia

#endif
