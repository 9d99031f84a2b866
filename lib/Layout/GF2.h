//===- GF2.h - Small linear algebra over GF(2) (internal) -------*- C++ -*-===//
//
// Vectors over GF(2) of up to 64 bits are uint64_t. A layout is viewed as a
// matrix with one column per input bit; the output dimensions are packed one
// after another (the first output dimension in the low bits). This packing is
// internal: the public API never exposes it.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_LIB_LAYOUT_GF2_H
#define TRIDENT_LIB_LAYOUT_GF2_H

#include "trident/Layout/LinearLayout.h"

#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace trident::layout::detail {

/// The span of a growing list of vectors ("columns"), kept in echelon form
/// keyed by each vector's highest set bit, with the combination of inserted
/// columns every echelon vector stands for. Solving for y uses the earliest
/// inserted columns that suffice: a column that depends on earlier ones is
/// never used (it is a free variable, chosen 0).
class GF2Span {
public:
  /// Adds `v` as column number `index` (< 64). Returns true if it was
  /// independent of the columns before it.
  bool insert(uint64_t v, unsigned index) {
    uint64_t combo = uint64_t(1) << index;
    reduce(v, combo);
    if (!v)
      return false;
    unsigned p = 63 - __builtin_clzll(v);
    vec[p] = v;
    comb[p] = combo;
    pivots |= uint64_t(1) << p;
    return true;
  }
  /// Reduces `v` by the echelon vectors, accumulating their combinations in
  /// `combo`. On return `v` is 0 iff it was in the span.
  void reduce(uint64_t &v, uint64_t &combo) const {
    while (uint64_t hit = v & pivots) {
      unsigned p = 63 - __builtin_clzll(hit);
      v ^= vec[p];
      combo ^= comb[p];
    }
  }
  /// The canonical representative of `v` modulo the span.
  uint64_t reduced(uint64_t v) const {
    uint64_t combo = 0;
    reduce(v, combo);
    return v;
  }
  bool contains(uint64_t v) const { return reduced(v) == 0; }
  /// Columns whose XOR is `y`, as a mask of column indices, if any.
  std::optional<uint64_t> solve(uint64_t y) const {
    uint64_t combo = 0;
    reduce(y, combo);
    if (y)
      return std::nullopt;
    return combo;
  }
  unsigned rank() const { return __builtin_popcountll(pivots); }

private:
  std::array<uint64_t, 64> vec{};
  std::array<uint64_t, 64> comb{};
  uint64_t pivots = 0;
};

/// A layout as a packed matrix.
struct Matrix {
  /// One column per input bit: input dimensions in order, bits low first.
  std::vector<uint64_t> cols;
  /// First column of each input dimension, and its number of bits.
  std::vector<unsigned> inStart, inBits;
  /// First packed bit of each output dimension, and its number of bits.
  std::vector<unsigned> outStart, outBits;
  unsigned totalOutBits = 0;

  explicit Matrix(const LinearLayout &layout);
  uint64_t pack(llvm::ArrayRef<int32_t> coords) const;
  LinearLayout::Basis unpack(uint64_t v) const;
  /// Splits a mask of columns into per-input-dimension coordinates.
  LinearLayout::Basis splitColumns(uint64_t combo) const;
};

} // namespace trident::layout::detail

#endif
