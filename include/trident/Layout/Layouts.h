//===- Layouts.h - The standard NVIDIA layouts as linear layouts -*- C++ -*-===//
//
// Constructors for the layouts the NVIDIA code generator uses. Distributed
// layouts map ("register", "lane", "warp") to ("dim0", ..., "dimR-1");
// shared-memory layouts map "offset" (in elements) to the same tensor
// dimensions. All sizes must be powers of two; bad parameters give an error.
//
// Shape conventions shared by the distributed layouts:
//  - The "CTA tile" is what one pass of all registers, lanes and warps of
//    the basic pattern covers. When the tensor is larger along a dimension,
//    the pattern repeats and the repetitions are extra registers (each thread
//    holds one element per repetition). When the tensor is smaller, the
//    coordinates wrap around: lanes and warps beyond the tensor hold copies
//    (their bases become 0, a broadcast), and registers beyond it are
//    dropped, so a thread never holds the same element twice.
//  - `order` lists dimensions fastest first (order[0] is the most minor),
//    as in Triton.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_LAYOUT_LAYOUTS_H
#define TRIDENT_LAYOUT_LAYOUTS_H

#include "trident/Layout/LinearLayout.h"

namespace trident::layout {

/// Standard dimension names.
inline constexpr llvm::StringLiteral kRegister = "register";
inline constexpr llvm::StringLiteral kLane = "lane";
inline constexpr llvm::StringLiteral kWarp = "warp";
inline constexpr llvm::StringLiteral kOffset = "offset";
/// "dim<d>": the name of tensor dimension d.
std::string dimName(unsigned d);

/// Triton's blocked layout. Each thread holds a sizePerThread block of
/// adjacent elements; threadsPerWarp threads of a warp tile those blocks,
/// then warpsPerCTA warps tile the warp tiles. Within each level, the
/// dimensions are walked in `order` (fastest first), so consecutive lanes
/// (and consecutive registers) step along order[0] first. Thread (lane l,
/// warp w) holds, along dimension d, the elements
///   (rep * T_d + w_d * spt_d * tpw_d + l_d * spt_d + i) mod shape_d
/// with T_d = spt_d * tpw_d * wpc_d, l_d/w_d the lane/warp id split along
/// `order`, and i < spt_d, rep < shape_d / T_d the register index.
llvm::Expected<LinearLayout> blocked(llvm::ArrayRef<int32_t> shape,
                                     llvm::ArrayRef<int32_t> sizePerThread,
                                     llvm::ArrayRef<int32_t> threadsPerWarp,
                                     llvm::ArrayRef<int32_t> warpsPerCTA,
                                     llvm::ArrayRef<unsigned> order);

/// Accumulator (C/D) of sm_80 mma.sync.m16n8k* (the same for every input
/// type): each warp owns a 16x8 tile; lane l holds rows l/4 and l/4 + 8,
/// columns 2*(l%4) and 2*(l%4)+1: register i is row l/4 + 8*(i/2), column
/// 2*(l%4) + i%2. Warps tile the CTA along dim1 first (warp w is at column
/// tile w % warpsPerCTA[1]); repetitions go along dim1 first, then dim0.
llvm::Expected<LinearLayout> mmaV2Accumulator(llvm::ArrayRef<int32_t> shape,
                                              llvm::ArrayRef<int32_t> warpsPerCTA);

enum class MmaOperand { A, B };

/// Operands of sm_80 mma.sync.m16n8kK with K = 256 / elemBitwidth (16-bit
/// types: m16n8k16; tf32: m16n8k8; 8-bit: m16n8k32), A row-major (MxK) and
/// B column-major (KxN) as the instruction expects. Every 32-bit register
/// packs 32/elemBitwidth elements adjacent along K. For A: lanes l/4 pick the
/// row (plus 8 for the second register), l%4 the K group; for B: l/4 picks
/// the column, l%4 the K group. Warps are arranged as for the accumulator
/// with the same warpsPerCTA; the warps that differ only along the other
/// operand's dimension hold copies (A is shared along N, B along M).
/// Repetitions step along K first.
llvm::Expected<LinearLayout> mmaV2Operand(MmaOperand operand,
                                          llvm::ArrayRef<int32_t> shape,
                                          llvm::ArrayRef<int32_t> warpsPerCTA,
                                          unsigned elemBitwidth);

/// Accumulator of Hopper wgmma.m64nNk* for a warpgroup of 4 warps: warp j of
/// the warpgroup owns rows 16j..16j+15, laid out like an mma.sync accumulator
/// repeated along N every 8 columns: register i is row l/4 + 8*((i/2)%2),
/// column 8*(i/4) + 2*(l%4) + i%2. `instrN` (a power of two in [8, 256]) is
/// the instruction's N. warpsPerCTA[0] must be a multiple of 4; warps go
/// along dim0 first (so each warpgroup covers 64 consecutive rows), then
/// dim1 in steps of instrN. Repetitions go along dim1 first.
llvm::Expected<LinearLayout> wgmmaAccumulator(llvm::ArrayRef<int32_t> shape,
                                              int32_t instrN,
                                              llvm::ArrayRef<int32_t> warpsPerCTA);

/// The layout of the result of reducing `parent` along `dim`: the output
/// dimension is removed (later ones are renamed down, dim<k> -> dim<k-1>),
/// register bases that are 0 are dropped (a thread keeps one value per
/// remaining element) and lane/warp bases that became 0 are broadcasts.
llvm::Expected<LinearLayout> sliceLayout(const LinearLayout &parent,
                                         unsigned dim);

/// Shared memory without swizzling: offset -> tensor, dimensions stored
/// in `order` (order[0] contiguous).
llvm::Expected<LinearLayout> unswizzledShared(llvm::ArrayRef<int32_t> shape,
                                              llvm::ArrayRef<unsigned> order);

/// Triton's swizzled shared layout (rank 2): element (r, c), c along the
/// contiguous dimension order[0] and r along order[1], is stored at
///   r * C + (c ^ (vec * ((r / perPhase) % maxPhase))) mod C
/// i.e. groups of `vec` elements are XOR-permuted within their row, with
/// the pattern changing every `perPhase` rows and repeating after
/// `maxPhase` phases. The layout maps offset -> (dim0, dim1).
llvm::Expected<LinearLayout> swizzledShared(llvm::ArrayRef<int32_t> shape,
                                            unsigned vec, unsigned perPhase,
                                            unsigned maxPhase,
                                            llvm::ArrayRef<unsigned> order);

/// The shared layout TMA writes and wgmma reads (Triton's NVMMA shared
/// encoding). swizzleBytes is 0 (none), 32, 64 or 128. The tile is split
/// along its contiguous dimension (dim1, or dim0 when `transposed`) into
/// atoms swizzleBytes wide, stored one after another; inside an atom, rows
/// of swizzleBytes are XOR-swizzled in 16-byte chunks: byte-address bits
/// [4, 4+s) ^= bits [7, 7+s), s = log2(swizzleBytes / 16). This is
/// swizzledShared with vec = 16 bytes, perPhase = 128 / swizzleBytes and
/// maxPhase = swizzleBytes / 16. With 0 it is the plain row-major layout
/// (wgmma's interleaved no-swizzle core-matrix form is not modelled).
llvm::Expected<LinearLayout> nvmmaShared(llvm::ArrayRef<int32_t> shape,
                                         unsigned elemBitwidth,
                                         unsigned swizzleBytes,
                                         bool transposed = false);

} // namespace trident::layout

#endif
