//===- InitAll.cpp - Register Trident's core dialects and passes ----------===//
#include "trident/InitAll.h"

#include "trident/Conversion/GPUIRToLLVM/ScratchModels.h"
#include "trident/Conversion/Passes.h"
#include "trident/Dialect/GPUIR/IR/GPUIR.h"
#include "trident/Dialect/GPUIR/Transforms/Passes.h"
#include "trident/Dialect/NVGIR/IR/NVGIR.h"
#include "trident/Dialect/TileIR/IR/TileIR.h"
#include "trident/Dialect/TileIR/Transforms/Passes.h"
#include "trident/Target/CPU/CPU.h"
#include "trident/Target/NVIDIA/NVIDIA.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Transforms/Passes.h"

#include <mutex>

namespace trident {

void registerCoreDialects(mlir::DialectRegistry &registry) {
  registry.insert<tir::TileIRDialect, gir::GPUIRDialect, nvgir::NVGIRDialect,
                  mlir::arith::ArithDialect,
                  mlir::math::MathDialect, mlir::scf::SCFDialect,
                  mlir::cf::ControlFlowDialect, mlir::func::FuncDialect,
                  mlir::ub::UBDialect, mlir::memref::MemRefDialect>();
  mlir::func::registerInlinerExtension(registry);
  // The scratch the NVIDIA lowering gives core ops, declared for
  // gir-allocate-shared-memory.
  gir_to_llvm::registerScratchModels(registry);
  // The llvm, nvvm and gpu dialects that the llir stage of cuda targets
  // works on, with their translations to LLVM IR.
  nvidia::registerNVIDIADialects(registry);
}

void registerCorePasses() {
  static std::once_flag once;
  std::call_once(once, [] {
    mlir::registerTransformsPasses();
    tir::registerTileIRPasses();
    gir::registerGPUIRPasses();
    registerTridentConversionPasses();
    nvidia::registerNVIDIAPasses();
    cpu::registerCPUPasses();
    // Not passes, but named pipeline entries like them.
    nvidia::registerNVIDIATranslationSteps();
    cpu::registerCPUTranslationSteps();
  });
}

} // namespace trident
