//===- Patterns.h - convert-gir-to-llvm's own pattern sets ------*- C++ -*-===//
//
// The core's patterns, by file; the pass (GPUIRToLLVM.cpp) adds them all,
// then those of every dialect that implements GPUIRToLLVMPatternInterface.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_LIB_CONVERSION_GPUIRTOLLVM_PATTERNS_H
#define TRIDENT_LIB_CONVERSION_GPUIRTOLLVM_PATTERNS_H

#include "trident/Conversion/GPUIRToLLVM/Lowering.h"
#include "trident/Dialect/NVGIR/IR/NVGIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

namespace trident::gir_to_llvm {

/// Whether `op` divides f32 the approximate way (div.full.f32), as Triton's
/// `/`: not marked tir.div_rn (tl.math.div_rn).
bool isApproximateDivision(mlir::arith::DivFOp op);

void populateElementwisePatterns(mlir::TypeConverter &converter,
                                 mlir::RewritePatternSet &patterns,
                                 LoweringContext &ctx);
void populateMemoryPatterns(mlir::TypeConverter &converter,
                            mlir::RewritePatternSet &patterns,
                            LoweringContext &ctx);
void populateReducePatterns(mlir::TypeConverter &converter,
                            mlir::RewritePatternSet &patterns,
                            LoweringContext &ctx);
void populateDotPatterns(mlir::TypeConverter &converter,
                         mlir::RewritePatternSet &patterns,
                         LoweringContext &ctx);
/// Shared-memory buffers (gir.local_alloc, gir.memdesc_index) and
/// asynchronous copies into them.
void populateSharedMemoryPatterns(mlir::TypeConverter &converter,
                                  mlir::RewritePatternSet &patterns,
                                  LoweringContext &ctx);
/// tir.dot with a #gir.wgmma accumulator on Hopper's warpgroup MMA.
void populateWgmmaDotPatterns(mlir::TypeConverter &converter,
                              mlir::RewritePatternSet &patterns,
                              LoweringContext &ctx);
/// tir.dot with a #gir.mma_v2 accumulator on Ampere's warp MMA (mma.sync).
void populateMmaV2DotPatterns(mlir::TypeConverter &converter,
                              mlir::RewritePatternSet &patterns,
                              LoweringContext &ctx);
void populateScanPatterns(mlir::TypeConverter &converter,
                          mlir::RewritePatternSet &patterns,
                          LoweringContext &ctx);
void populateAtomicPatterns(mlir::TypeConverter &converter,
                            mlir::RewritePatternSet &patterns,
                            LoweringContext &ctx);
/// Tensor descriptors on TMA: nvgir.tma_load, tir.descriptor_load/store.
void populateTmaPatterns(mlir::TypeConverter &converter,
                         mlir::RewritePatternSet &patterns,
                         LoweringContext &ctx);
void populateConvertLayoutPatterns(mlir::TypeConverter &converter,
                                   mlir::RewritePatternSet &patterns,
                                   LoweringContext &ctx);
/// tir.print: vprintf calls.
/// vprintf(format, values...) at the builder's point, under `cond` (null:
/// always); `op` is the op being lowered (its function gets the argument
/// buffer).
void emitPrintf(mlir::OpBuilder &b, mlir::Location loc, mlir::Operation *op,
                llvm::StringRef format, mlir::ArrayRef<mlir::Value> values,
                mlir::Value cond);

/// CUDA's __assertfail(message, file, line, function, 1) at the builder's
/// point: the driver reports the block, the thread and the message (with
/// what the kernel printed before) and the launch fails.
void emitAssertFail(mlir::OpBuilder &b, mlir::Location loc,
                    mlir::Operation *op, llvm::StringRef message,
                    llvm::StringRef file, unsigned line,
                    llvm::StringRef function);

/// The file and line of `loc` (the innermost call site's, for code inlined
/// from other functions).
std::pair<std::string, unsigned> fileAndLine(mlir::Location loc);

void populateDebugPatterns(mlir::TypeConverter &converter,
                           mlir::RewritePatternSet &patterns,
                           LoweringContext &ctx);
/// How many registers a thread moves per vector access of a memory operation
/// on the pointer tile `ptr` (with `mask`), and along which dimension: the
/// most that the axis info allows (getVectorElems) and that the layout gives
/// the thread as consecutive registers holding consecutive elements, every
/// group starting at a multiple of its size along the dimension (in every
/// thread). 1 when nothing is gained.
struct VectorPlan {
  unsigned width = 1;
  unsigned dim = 0;
};

VectorPlan planVectors(mlir::Operation *op, mlir::Value ptr, mlir::Value mask,
                       LoweringContext &lc);
/// Whether the pointer tile `ptr` addresses integers or floats (`element`)
/// in global memory.
bool globalIntOrFloat(mlir::Value ptr, mlir::Type element);
/// Fills ctx.predicatedLoads: the masked global loads lowered as predicated
/// PTX rather than under branches (LoadPredication.cpp). Runs before the
/// conversion.
mlir::LogicalResult choosePredicatedLoads(mlir::ModuleOp module,
                                          LoweringContext &ctx);
/// tir.inline_asm_elementwise: llvm.inline_asm per pack of registers.
void populateInlineAsmPatterns(mlir::TypeConverter &converter,
                               mlir::RewritePatternSet &patterns,
                               LoweringContext &ctx);
/// tir.map_elementwise: its region cloned per pack of registers.
void populateMapElementwisePatterns(mlir::TypeConverter &converter,
                                    mlir::RewritePatternSet &patterns,
                                    LoweringContext &ctx);
/// Tensor maps for the tir.make_tensor_descriptor ops of the module's
/// kernels (sm_90: built in global scratch, a kernel parameter the launcher
/// fills from the user's allocator); an error for any such op elsewhere.
/// Runs before the conversion (TensormapToLLVM.cpp).
/// The scratch each op's lowering asks for (ScratchModels.cpp gives them
/// to SharedMemoryScratchOpInterface; empty: none, or a form the pattern
/// does not lower). One function per pattern file.
llvm::SmallVector<ScratchRequest> reduceScratch(trident::tir::ReduceOp op);
llvm::SmallVector<ScratchRequest> scanScratch(trident::tir::ScanOp op);
llvm::SmallVector<ScratchRequest>
convertLayoutScratch(trident::gir::ConvertLayoutOp op);
/// tir.reshape, tir.trans, tir.join, tir.split.
llvm::SmallVector<ScratchRequest> shapeScratch(mlir::Operation *op);
/// tir.dot by the lowering its accumulator's layout selects: wgmma
/// (operands staged 1024-byte aligned), mma.sync, or CUDA cores.
llvm::SmallVector<ScratchRequest> wgmmaDotScratch(trident::tir::DotOp op);
/// nvgir.warpgroup_dot with a register A (staged, 1024-byte aligned).
llvm::SmallVector<ScratchRequest>
warpgroupDotScratch(trident::nvgir::WarpgroupDotOp op);
llvm::SmallVector<ScratchRequest> mmaV2DotScratch(trident::tir::DotOp op);
llvm::SmallVector<ScratchRequest> fmaDotScratch(trident::tir::DotOp op);
/// A scalar atomic whose old value is used.
llvm::SmallVector<ScratchRequest> atomicScratch(mlir::Operation *op);
/// tir.descriptor_load / tir.descriptor_store through TMA.
llvm::SmallVector<ScratchRequest> tmaScratch(mlir::Operation *op);
/// A tensor map made in the kernel (its image in shared memory).
llvm::SmallVector<ScratchRequest>
tensorMapScratch(trident::tir::MakeTensorDescOp op);

/// The layout map of `type` for `op`'s group of warps (no diagnostics).
llvm::FailureOr<LayoutMap> quietMapOf(mlir::Type type, mlir::Operation *op);

mlir::LogicalResult lowerTensorMaps(mlir::ModuleOp module, LoweringContext &lc,
                                    int64_t computeCapability);
/// tir.extern_elementwise: a call per register.
void populateExternPatterns(mlir::TypeConverter &converter,
                            mlir::RewritePatternSet &patterns,
                            LoweringContext &ctx);
/// Each static vector.extract of an i1 vector (a masked access's
/// predicate) computed as a scalar through the ops that made the vector
/// (ScalarizeMasks.cpp): NVPTX keeps i1 vectors as packed integer bits.
void scalarizeMaskExtracts(mlir::ModuleOp module);
/// The module attribute listing the bitcode files that extern calls need
/// linked (an array of paths; read by the NVPTX translation).
inline constexpr llvm::StringLiteral kExternLibsAttr = "trident.extern_libs";

} // namespace trident::gir_to_llvm

#endif
