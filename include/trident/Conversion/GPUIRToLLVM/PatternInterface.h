//===- PatternInterface.h - A dialect's patterns for convert-gir-to-llvm -*- C++ -*-===//
//
// A dialect whose ops live in GPU IR (a plugin's buffers, barriers or
// instructions) gives convert-gir-to-llvm the patterns that lower them by
// implementing this interface (in the spirit of MLIR's
// ConvertToLLVMPatternInterface), usually from its initialize():
//
//   void MyDialect::initialize() {
//     addOperations<...>();
//     addInterfaces<MyLowering>();
//   }
//
// The pass marks every op of such a dialect illegal and adds its patterns
// next to the core's, in the conversion that distributes tiles over threads:
// operands arrive as per-thread vectors (one element per register of the
// tile's layout; LayoutMap says which), and the results must be made the
// same way. The lowering context gives warps, lane and warp ids, and shared
// memory (Lowering.h).
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_CONVERSION_GPUIRTOLLVM_PATTERNINTERFACE_H
#define TRIDENT_CONVERSION_GPUIRTOLLVM_PATTERNINTERFACE_H

#include "trident/Conversion/GPUIRToLLVM/Lowering.h"

#include "mlir/IR/DialectInterface.h"

namespace trident {

class GPUIRToLLVMPatternInterface
    : public mlir::DialectInterface::Base<GPUIRToLLVMPatternInterface> {
public:
  explicit GPUIRToLLVMPatternInterface(mlir::Dialect *dialect)
      : Base(dialect) {}

  /// Adds the patterns that lower the dialect's ops. `converter` turns
  /// tiles into per-thread vectors, pointers into LLVM pointers and
  /// shared-memory descriptors into address-space-3 pointers.
  virtual void
  populateGPUIRToLLVMPatterns(mlir::TypeConverter &converter,
                              mlir::RewritePatternSet &patterns,
                              gir_to_llvm::LoweringContext &lc) const = 0;
};

} // namespace trident

#endif
