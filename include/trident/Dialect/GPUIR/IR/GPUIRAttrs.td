//===- GPUIRAttrs.td - GPU IR layout encodings -------------*- tablegen -*-===//
#ifndef TRIDENT_GPUIR_ATTRS
#define TRIDENT_GPUIR_ATTRS

include "trident/Dialect/GPUIR/IR/GPUIRDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/TensorEncoding.td"
include "trident/Dialect/GPUIR/IR/GPUIRInterfaces.td"

class GPUIR_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<GPUIR_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def GPUIR_BlockedEncodingAttr : GPUIR_Attr<"BlockedEncoding", "blocked",
    [DeclareAttrInterfaceMethods<GPUIR_DistributedEncoding>,
     DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "each thread holds contiguous blocks of a tile";
  let description = [{
    The tile is covered by repeating a CTA tile of
    `sizePerThread[d] * threadsPerWarp[d] * warpsPerCTA[d]` elements per
    dimension: each thread holds a `sizePerThread` block, lanes of a warp are
    laid out `threadsPerWarp`, warps `warpsPerCTA`, dimensions ordered
    fastest-first by `order`. A tile larger than the CTA tile gives each
    thread several blocks; a smaller one replicates elements across threads.

    In a program that runs on a cluster of CTAs (`num_ctas` > 1,
    `gir.num_ctas` on the module), `ctaSplit` = n cuts dimension 0 of the
    tile into `min(n, shape[0])` contiguous blocks of rows: CTA `r` of the
    cluster holds block `r % min(n, shape[0])`, laid out by the other
    parameters as if it were the whole tile, and CTAs that share a block
    hold the same elements (see docs/dialects/GPUIR.md, "CTA splits").
    Without it (n = 1) every CTA of the cluster holds the whole tile.

    ```mlir
    #gir.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4],
                 warpsPerCTA = [4, 1], order = [1, 0]>
    #gir.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4],
                 warpsPerCTA = [4, 1], order = [1, 0], ctaSplit = 2>
    ```
  }];
  let parameters = (ins
    ArrayRefParameter<"unsigned">:$sizePerThread,
    ArrayRefParameter<"unsigned">:$threadsPerWarp,
    ArrayRefParameter<"unsigned">:$warpsPerCTA,
    ArrayRefParameter<"unsigned">:$order,
    DefaultValuedParameter<"unsigned", "1">:$ctaSplit);
  let skipDefaultBuilders = 1;
  let builders = [
    AttrBuilder<(ins "::llvm::ArrayRef<unsigned>":$sizePerThread,
                     "::llvm::ArrayRef<unsigned>":$threadsPerWarp,
                     "::llvm::ArrayRef<unsigned>":$warpsPerCTA,
                     "::llvm::ArrayRef<unsigned>":$order,
                     CArg<"unsigned", "1">:$ctaSplit), [{
      return $_get($_ctxt, sizePerThread, threadsPerWarp, warpsPerCTA, order,
                   ctaSplit);
    }]>
  ];
  let assemblyFormat = [{
    `<` `sizePerThread` `=` `[` $sizePerThread `]` `,`
        `threadsPerWarp` `=` `[` $threadsPerWarp `]` `,`
        `warpsPerCTA` `=` `[` $warpsPerCTA `]` `,`
        `order` `=` `[` $order `]`
        (`,` `ctaSplit` `=` $ctaSplit^)? `>`
  }];
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The default layout for a tile of `shape`: `sizePerThreadFastest`
    /// elements per thread (as far as the shape allows) along the fastest
    /// dimension, lanes then warps spread from the fastest dimension
    /// outwards, dimensions ordered fastest-first by `order` (empty:
    /// row-major, the last dimension fastest).
    static BlockedEncodingAttr getDefault(::mlir::MLIRContext *context,
                                          ::llvm::ArrayRef<int64_t> shape,
                                          unsigned numWarps,
                                          unsigned threadsPerWarp,
                                          unsigned sizePerThreadFastest = 1,
                                          ::llvm::ArrayRef<unsigned> order = {});
    /// This layout with each thread's block set to `sizePerThread`
    /// elements (the CTA tile grows by the same factors).
    BlockedEncodingAttr withSizePerThread(::mlir::MLIRContext *context,
                                          ::llvm::ArrayRef<unsigned> sizePerThread) const {
      return BlockedEncodingAttr::get(context, sizePerThread,
                                      getThreadsPerWarp(), getWarpsPerCTA(),
                                      getOrder(), getCtaSplit());
    }
  }];
}

def GPUIR_SliceEncodingAttr : GPUIR_Attr<"SliceEncoding", "slice",
    [DeclareAttrInterfaceMethods<GPUIR_DistributedEncoding>,
     DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "a parent layout with one dimension removed";
  let description = [{
    The layout of the result of reducing a tile of layout `parent` along
    `dim` (and of the operand of `tir.expand_dims` along `dim`): element `i`
    sits where the parent's elements with that coordinate (and `dim` fixed
    to 0) sit. A thread keeps one register per distinct element: the
    parent's register bits whose coordinates, `dim` dropped, are zero or
    repeat earlier bits' are left out (a row statistic of a 64 x N wgmma
    accumulator is 2 registers per thread, not N / 2).
  }];
  let parameters = (ins "unsigned":$dim, "DistributedEncodingAttr":$parent);
  let assemblyFormat = "`<` `dim` `=` $dim `,` `parent` `=` $parent `>`";
  let genVerifyDecl = 1;
}


def GPUIR_WgmmaEncodingAttr : GPUIR_Attr<"WgmmaEncoding", "wgmma",
    [DeclareAttrInterfaceMethods<GPUIR_DistributedEncoding>,
     DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "the accumulator fragment of Hopper warpgroup MMA (wgmma)";
  let description = [{
    The layout in which `wgmma.mma_async` (sm_90a) leaves a 2-D fp32 or fp16
    accumulator. Warps stack along rows, 16 rows each (a warpgroup of four
    warps covers one m64 slice); within a warp, lane `l` holds rows
    `l / 4` and `l / 4 + 8` and columns `2 * (l % 4)` and the next one of
    every 8-column group of an `instrN`-wide instruction tile. Register `r`
    of one instruction tile: bit 0 moves one column, bit 1 eight rows, the
    higher bits eight columns each. With `warpsPerCTA = [wm, wn]`, warp
    `w` takes rows `16 * (w % wm)` on and columns `instrN * (w / wm)` on:
    whole warpgroups stack along rows, and where `wn > 1` (tiles of fewer
    than `16 * num_warps` rows) further warpgroups sit side by side along
    columns, each with its own `instrN`-wide instructions. Further
    registers repeat the warps' `16 wm` x `instrN wn` tile along columns
    and then along rows.

    `ctaSplit` cuts the rows over the CTAs of a cluster as in
    `#gir.blocked`: each CTA holds `shape[0] / ctaSplit` rows, laid out as
    above.

    ```mlir
    #gir.wgmma<warpsPerCTA = [4, 1], instrN = 128>
    #gir.wgmma<warpsPerCTA = [4, 1], instrN = 128, ctaSplit = 2>
    #gir.wgmma<warpsPerCTA = [4, 2], instrN = 32>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        "unsigned":$instrN,
                        DefaultValuedParameter<"unsigned", "1">:$ctaSplit);
  let skipDefaultBuilders = 1;
  let builders = [
    AttrBuilder<(ins "::llvm::ArrayRef<unsigned>":$warpsPerCTA,
                     "unsigned":$instrN, CArg<"unsigned", "1">:$ctaSplit), [{
      return $_get($_ctxt, warpsPerCTA, instrN, ctaSplit);
    }]>
  ];
  let assemblyFormat = [{
    `<` `warpsPerCTA` `=` `[` $warpsPerCTA `]` `,` `instrN` `=` $instrN
        (`,` `ctaSplit` `=` $ctaSplit^)? `>`
  }];
  let genVerifyDecl = 1;
}

def GPUIR_MmaV2EncodingAttr : GPUIR_Attr<"MmaV2Encoding", "mma_v2",
    [DeclareAttrInterfaceMethods<GPUIR_DistributedEncoding>,
     DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "the accumulator fragment of Ampere warp MMA (mma.sync)";
  let description = [{
    The layout in which `mma.sync.aligned.m16n8k16.row.col.f32.{bf16,f16}`
    (sm_80) leaves a 2-D fp32 accumulator. Each warp owns a 16x8 tile:
    lane `l` holds rows `l / 4` and `l / 4 + 8` and columns `2 * (l % 4)`
    and the next one, registers `c0, c1` (row `l / 4`) then `c2, c3` (row
    `l / 4 + 8`). Warp `w` sits at tile row `w / warpsPerCTA[1]`, tile
    column `w % warpsPerCTA[1]`; further groups of four registers repeat
    the warps' `16 * warpsPerCTA[0]` x `8 * warpsPerCTA[1]` tile along
    columns, then along rows. A tile smaller than that wraps.

    ```mlir
    #gir.mma_v2<warpsPerCTA = [2, 2]>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"unsigned">:$warpsPerCTA);
  let assemblyFormat = [{
    `<` `warpsPerCTA` `=` `[` $warpsPerCTA `]` `>`
  }];
  let genVerifyDecl = 1;
}

def GPUIR_NVMMASharedEncodingAttr : GPUIR_Attr<"NVMMASharedEncoding",
    "nvmma_shared", [DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "swizzled shared-memory layout that wgmma reads";
  let description = [{
    How a 2-D tile (or each 2-D slice of a buffer with leading stage
    dimensions) sits in shared memory for NVIDIA's tensor cores: the
    dimension `order[0]` is contiguous; the tile is cut into "atoms" of
    `swizzle` bytes (32, 64 or 128) along that dimension, each atom holding
    every row of the other dimension at `swizzle` bytes per row, atoms one
    after another; inside an atom, the 16-byte chunk `c` of row `r` is
    stored at chunk `c ^ ((r * swizzle / 128) % (swizzle / 16))`, so eight
    consecutive rows read one chunk column without bank conflicts. This is
    the canonical K-major (contiguous dimension = K) or MN-major layout of
    the wgmma matrix descriptors.

    ```mlir
    #gir.nvmma_shared<swizzle = 128, order = [1, 0]>
    ```
  }];
  let parameters = (ins "unsigned":$swizzle,
                        ArrayRefParameter<"unsigned">:$order);
  let assemblyFormat = [{
    `<` `swizzle` `=` $swizzle `,` `order` `=` `[` $order `]` `>`
  }];
  let genVerifyDecl = 1;
}

def GPUIR_PlainSharedEncodingAttr : GPUIR_Attr<"PlainSharedEncoding",
    "plain_shared", [DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "unswizzled shared-memory layout of a tile of any rank";
  let description = [{
    How a tile (or each tile of a buffer with leading stage dimensions)
    sits in shared memory without swizzling: dimension `order[0]` is
    contiguous, then `order[1]`, and so on (row-major in that order); the
    encoding's rank is the size of `order`. Tiles that the program copies
    into shared memory and reads back into registers (gir-pipeline's rings
    of loads the loop itself reads, `gir.local_load`) use it: each thread
    reads its elements back as it wrote them, in accesses as wide as its
    runs along `order[0]`.

    ```mlir
    #gir.plain_shared<order = [0]>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"unsigned">:$order);
  let assemblyFormat = [{
    `<` `order` `=` `[` $order `]` `>`
  }];
  let genVerifyDecl = 1;
}

#endif // TRIDENT_GPUIR_ATTRS
