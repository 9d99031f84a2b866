//===- GPUIRAttrs.td - GPU IR layout encodings -------------*- tablegen -*-===//
#ifndef TRIDENT_GPUIR_ATTRS
#define TRIDENT_GPUIR_ATTRS

include "trident/Dialect/GPUIR/IR/GPUIRDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "trident/Dialect/GPUIR/IR/GPUIRInterfaces.td"

class GPUIR_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<GPUIR_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def GPUIR_BlockedEncodingAttr : GPUIR_Attr<"BlockedEncoding", "blocked",
    [DeclareAttrInterfaceMethods<GPUIR_DistributedEncoding>]> {
  let summary = "each thread holds contiguous blocks of a tile";
  let description = [{
    The tile is covered by repeating a CTA tile of
    `sizePerThread[d] * threadsPerWarp[d] * warpsPerCTA[d]` elements per
    dimension: each thread holds a `sizePerThread` block, lanes of a warp are
    laid out `threadsPerWarp`, warps `warpsPerCTA`, dimensions ordered
    fastest-first by `order`. A tile larger than the CTA tile gives each
    thread several blocks; a smaller one replicates elements across threads.

    ```mlir
    #gir.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4],
                 warpsPerCTA = [4, 1], order = [1, 0]>
    ```
  }];
  let parameters = (ins
    ArrayRefParameter<"unsigned">:$sizePerThread,
    ArrayRefParameter<"unsigned">:$threadsPerWarp,
    ArrayRefParameter<"unsigned">:$warpsPerCTA,
    ArrayRefParameter<"unsigned">:$order);
  let assemblyFormat = [{
    `<` `sizePerThread` `=` `[` $sizePerThread `]` `,`
        `threadsPerWarp` `=` `[` $threadsPerWarp `]` `,`
        `warpsPerCTA` `=` `[` $warpsPerCTA `]` `,`
        `order` `=` `[` $order `]` `>`
  }];
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The default layout for a tile of `shape`: one element per thread
    /// along the fastest dimension first, lanes then warps spread from the
    /// fastest dimension outwards (row-major order).
    static BlockedEncodingAttr getDefault(::mlir::MLIRContext *context,
                                          ::llvm::ArrayRef<int64_t> shape,
                                          unsigned numWarps,
                                          unsigned threadsPerWarp,
                                          unsigned sizePerThreadFastest = 1);
    /// This layout with each thread's block set to `sizePerThread`
    /// elements (the CTA tile grows by the same factors).
    BlockedEncodingAttr withSizePerThread(::mlir::MLIRContext *context,
                                          ::llvm::ArrayRef<unsigned> sizePerThread) const {
      return BlockedEncodingAttr::get(context, sizePerThread,
                                      getThreadsPerWarp(), getWarpsPerCTA(),
                                      getOrder());
    }
  }];
}

def GPUIR_SliceEncodingAttr : GPUIR_Attr<"SliceEncoding", "slice",
    [DeclareAttrInterfaceMethods<GPUIR_DistributedEncoding>]> {
  let summary = "a parent layout with one dimension removed";
  let description = [{
    The layout of the result of reducing a tile of layout `parent` along
    `dim` (and of the operand of `tir.expand_dims` along `dim`): element `i`
    sits where the parent's elements with that coordinate (and `dim` fixed
    to 0) sit.
  }];
  let parameters = (ins "unsigned":$dim, "DistributedEncodingAttr":$parent);
  let assemblyFormat = "`<` `dim` `=` $dim `,` `parent` `=` $parent `>`";
  let genVerifyDecl = 1;
}

#endif // TRIDENT_GPUIR_ATTRS
