//===- CPU.h - CPU code generation: LLVM IR, object code --------*- C++ -*-===//
//
// The back half of the cpu targets (x86-64 only in this build):
//
//   MLIR (llvm dialect, from convert-tir-to-cpu and the llir stage)
//     --translateToLLVMIR--> llvm::Module (host triple and data layout)
//     --optimizeModule (O0-O3 with the target machine)--> llvm::Module
//     --emitObject--> ELF object bytes
//
// and the registration that makes them the `translate-to-llvmir-cpu`
// (llir) and `llc-cpu` (obj) translation steps, plus the upstream passes
// the cpu stages name. cpu:native compiles for the host CPU (its name and
// features); cpu:x86-64 for the baseline x86-64.
//
// Artifact metadata (JSON) of both steps:
//   {"target": "cpu:native", "cpu": "sapphirerapids", "features": "+avx2,...",
//    "triple": "x86_64-pc-linux-gnu", "name": "add_kernel",
//    "entry": "__trident_cpu_grid_add_kernel", "args": ["ptr", "i32", ...]}
// plus "bounds_check": true for a kernel compiled with cpu-bounds-check.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_TARGET_CPU_CPU_H
#define TRIDENT_TARGET_CPU_CPU_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <memory>
#include <string>
#include <vector>

namespace llvm {
class LLVMContext;
class Module;
class TargetMachine;
} // namespace llvm

namespace mlir {
class DialectRegistry;
}

namespace trident {
struct Target;
struct PipelineEdit;
} // namespace trident

namespace trident::cpu {

/// What the runtime needs to know about a compiled kernel.
struct KernelInfo {
  std::string target;   ///< "cpu:native"
  std::string triple;   ///< "x86_64-pc-linux-gnu"
  std::string cpu;      ///< the CPU name code was generated for
  std::string features; ///< its feature string
  std::string name;     ///< the kernel
  std::string entry;    ///< its grid entry (see convert-tir-to-cpu)
  std::vector<std::string> args; ///< "ptr", "i32", "f32", ... per argument
  /// Compiled with cpu-bounds-check: each access calls the runtime's check
  /// (metadata "bounds_check": true; absent when false).
  bool boundsChecked = false;
};
llvm::json::Value toJSON(const KernelInfo &info);
llvm::Expected<KernelInfo> kernelInfoFromJSON(const llvm::json::Object &object);

/// The pipeline edit that compiles a cpu target's kernels with bounds
/// checks: cpu-bounds-check right after convert-tir-to-cpu in stage cir
/// (TRIDENT_CPU_BOUNDS_CHECK, trident-run-cpu --bounds-check).
PipelineEdit boundsCheckEdit();

/// The upstream passes of the cpu llir stage (convert-scf-to-cf,
/// convert-arith-to-llvm, ...). Safe to call more than once.
void registerCPUPasses();
/// The translation steps translate-to-llvmir-cpu and llc-cpu. Safe to call
/// more than once.
void registerCPUTranslationSteps();

/// A target machine for a cpu target: the host CPU and its features for
/// cpu:native, the baseline for cpu:x86-64. `optLevel` is 0-3.
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createTargetMachine(const Target &target, unsigned optLevel = 3);

/// Translates an LLVM-dialect module made by convert-tir-to-cpu to LLVM IR
/// for `tm`, and describes its kernel (module attributes trident.cpu.*).
llvm::Expected<std::unique_ptr<llvm::Module>>
translateToLLVMIR(mlir::ModuleOp module, llvm::LLVMContext &llvmContext,
                  llvm::TargetMachine &tm, KernelInfo &info);

/// Runs LLVM's default O`optLevel` pipeline for `tm` on `module`.
llvm::Error optimizeModule(llvm::Module &module, llvm::TargetMachine &tm,
                           unsigned optLevel);

/// Compiles `module` to an ELF object with `tm`.
llvm::Expected<std::string> emitObject(llvm::Module &module,
                                       llvm::TargetMachine &tm);

} // namespace trident::cpu

#endif
