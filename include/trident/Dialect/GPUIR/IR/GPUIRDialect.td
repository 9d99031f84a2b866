//===- GPUIRDialect.td - GPU IR dialect definition ---------*- tablegen -*-===//
//
// The `gir` dialect: Tile IR with layouts. Tiles are builtin tensors whose
// encoding says how their elements are spread over the registers, lanes and
// warps of a program (a CTA). See docs/dialects/GPUIR.md.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_GPUIR_DIALECT
#define TRIDENT_GPUIR_DIALECT

include "mlir/IR/OpBase.td"

def GPUIR_Dialect : Dialect {
  let name = "gir";
  let cppNamespace = "::trident::gir";
  let summary = "Trident GPU IR: tiles with register layouts";
  let description = [{
    GPU IR is Tile IR after layout assignment. Every tile (a builtin ranked
    tensor) carries an encoding attribute describing which thread holds
    which element; Tile IR operations keep working on such tiles, and this
    dialect adds what only makes sense once layouts exist, starting with
    `gir.convert_layout`.

    The module carries `gir.num_warps` (warps per program) and
    `gir.threads_per_warp` (32 on NVIDIA), and `gir.num_ctas` when a
    program runs on a cluster of CTAs (absent: 1), or `gir.cluster_dims`
    when each program is one CTA of a thread-block cluster of that shape
    (CUDA's `ctas_per_cga`; absent: no clusters); passes read
    them through the helpers in GPUIR.h.
  }];
  let dependentDialects = ["::trident::tir::TileIRDialect"];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    void registerAttributes();
    void registerTypes();
    static constexpr ::llvm::StringLiteral getNumWarpsAttrName() {
      return ::llvm::StringLiteral("gir.num_warps");
    }
    static constexpr ::llvm::StringLiteral getThreadsPerWarpAttrName() {
      return ::llvm::StringLiteral("gir.threads_per_warp");
    }
    static constexpr ::llvm::StringLiteral getNumCTAsAttrName() {
      return ::llvm::StringLiteral("gir.num_ctas");
    }
    static constexpr ::llvm::StringLiteral getClusterDimsAttrName() {
      return ::llvm::StringLiteral("gir.cluster_dims");
    }
    static constexpr ::llvm::StringLiteral getComputeCapabilityAttrName() {
      return ::llvm::StringLiteral("gir.compute_capability");
    }
  }];
}

class GPUIR_Op<string mnemonic, list<Trait> traits = []>
    : Op<GPUIR_Dialect, mnemonic, traits>;

#endif // TRIDENT_GPUIR_DIALECT
