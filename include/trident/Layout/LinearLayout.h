//===- LinearLayout.h - Layouts as linear maps over GF(2) -------*- C++ -*-===//
//
// A linear layout maps the bits of named input coordinates (for a distributed
// tensor: "register", "lane", "warp"; for shared memory: "offset") to the
// bits of named output coordinates (the tensor's "dim0", "dim1", ...). Every
// dimension has a power-of-two size. The map is linear over GF(2): each input
// bit has one basis vector (a tuple of output coordinates), and the image of
// an input is the XOR of the basis vectors of its set bits.
//
// All fallible operations return llvm::Expected with a message; none aborts.
// A dimension a layout does not have behaves like a dimension of size 1.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_LAYOUT_LINEARLAYOUT_H
#define TRIDENT_LAYOUT_LINEARLAYOUT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace trident::layout {

/// The largest supported size of one dimension, and of all output (or all
/// input) dimensions together, as log2.
constexpr unsigned kMaxDimLog2 = 30;
constexpr unsigned kMaxTotalLog2 = 62;

class LinearLayout {
public:
  /// One basis vector: a coordinate for every output dimension, in the order
  /// of getOutDimNames().
  using Basis = llvm::SmallVector<int32_t, 4>;
  /// An input dimension's bases, one per bit, least significant bit first.
  using DimBases = std::pair<std::string, std::vector<Basis>>;
  /// A named dimension size or coordinate.
  using NamedSize = std::pair<std::string, int32_t>;

  /// The layout with no dimensions: maps the single point to itself.
  LinearLayout() = default;

  /// Builds a layout from explicit bases. `outDims` gives the output
  /// dimensions and their sizes; every basis must have one coordinate per
  /// output dimension, each in [0, size).
  static llvm::Expected<LinearLayout>
  fromBases(llvm::ArrayRef<DimBases> inDims, llvm::ArrayRef<NamedSize> outDims);

  /// i -> i from `inDim` to `outDim`, both of `size` elements.
  static llvm::Expected<LinearLayout> identity1D(int32_t size,
                                                 llvm::StringRef inDim,
                                                 llvm::StringRef outDim);
  /// Every input of `inDim` (of `size`) maps to 0 of `outDim` (of `outSize`):
  /// a broadcast (replication) of one element over `size` positions.
  static llvm::Expected<LinearLayout> zeros1D(int32_t size,
                                              llvm::StringRef inDim,
                                              llvm::StringRef outDim,
                                              int32_t outSize = 1);

  /// The product a * b. Dimensions that only one side has are kept as they
  /// are (for disjoint dimensions this is the direct sum). A dimension both
  /// have is concatenated: a's part is the low bits, b's the high bits, so an
  /// input dimension's size multiplies and b's bases land in the high bits
  /// of the output dimensions a also has. Input and output dimensions keep
  /// a's order, followed by b's new ones.
  static llvm::Expected<LinearLayout> product(const LinearLayout &a,
                                              const LinearLayout &b);

  // --- Shape --------------------------------------------------------------

  llvm::SmallVector<llvm::StringRef> getInDimNames() const;
  llvm::SmallVector<llvm::StringRef> getOutDimNames() const;
  bool hasInDim(llvm::StringRef name) const;
  bool hasOutDim(llvm::StringRef name) const;
  unsigned getNumInDims() const { return ins.size(); }
  unsigned getNumOutDims() const { return outs.size(); }
  /// log2 of the size; 0 for a dimension the layout does not have.
  unsigned getInDimSizeLog2(llvm::StringRef name) const;
  unsigned getOutDimSizeLog2(llvm::StringRef name) const;
  int32_t getInDimSize(llvm::StringRef name) const {
    return int32_t(1) << getInDimSizeLog2(name);
  }
  int32_t getOutDimSize(llvm::StringRef name) const {
    return int32_t(1) << getOutDimSizeLog2(name);
  }
  unsigned getTotalInDimSizeLog2() const;
  unsigned getTotalOutDimSizeLog2() const;
  int64_t getTotalInDimSize() const { return int64_t(1) << getTotalInDimSizeLog2(); }
  int64_t getTotalOutDimSize() const { return int64_t(1) << getTotalOutDimSizeLog2(); }
  /// (name, size) of every output dimension, in order.
  llvm::SmallVector<NamedSize> getOutDims() const;
  /// (name, size) of every input dimension, in order.
  llvm::SmallVector<NamedSize> getInDims() const;

  /// The bases of `inDim` (empty for a dimension the layout does not have).
  llvm::ArrayRef<Basis> getBases(llvm::StringRef inDim) const;
  /// All input dimensions with their bases, in order.
  std::vector<DimBases> getAllBases() const;

  // --- Evaluation ---------------------------------------------------------

  /// The output coordinates (in output-dimension order) of the input given
  /// positionally (in input-dimension order). Missing trailing inputs count
  /// as 0; bits beyond a dimension's size are ignored.
  Basis apply(llvm::ArrayRef<int32_t> inCoords) const;
  /// Named form of apply(); an unknown input name is an error, an omitted
  /// input dimension counts as 0.
  llvm::Expected<llvm::SmallVector<NamedSize>>
  apply(llvm::ArrayRef<NamedSize> inCoords) const;

  // --- Algebra ------------------------------------------------------------

  /// `this` then `outer`: x -> outer(this(x)). Every output dimension of
  /// `this` must be an input dimension of `outer`, no larger than it.
  llvm::Expected<LinearLayout> compose(const LinearLayout &outer) const;

  /// The inverse of a bijective layout (equal total sizes, injective).
  llvm::Expected<LinearLayout> invert() const;
  /// A right inverse of a surjective layout: this(pseudoinvert()(y)) == y.
  /// Among the inputs reaching y it picks the one whose free variables
  /// (see getFreeVariableMasks) are 0.
  llvm::Expected<LinearLayout> pseudoinvert() const;
  /// C with target(C(x)) == this(x) for every input x of `this`: the inputs
  /// of `target` that hold what `this` maps x to. Requires the image of
  /// `this` to lie in the image of `target`; free variables of `target` are
  /// chosen 0. This is how a conversion from layout A to layout B is found.
  llvm::Expected<LinearLayout>
  invertAndCompose(const LinearLayout &target) const;

  // --- Reshaping ----------------------------------------------------------

  /// Reorders the output dimensions; `order` is a permutation of their names.
  llvm::Expected<LinearLayout>
  transposeOuts(llvm::ArrayRef<llvm::StringRef> order) const;
  /// Reorders the input dimensions; `order` is a permutation of their names.
  llvm::Expected<LinearLayout>
  transposeIns(llvm::ArrayRef<llvm::StringRef> order) const;
  /// Replaces the output dimensions by `newOuts` of the same total size.
  /// Coordinates are flattened row-major over the current output order (the
  /// last dimension is the fastest) and unflattened row-major into
  /// `newOuts`. For another order, transposeOuts first.
  llvm::Expected<LinearLayout>
  reshapeOuts(llvm::ArrayRef<NamedSize> newOuts) const;
  /// reshapeOuts with a single output dimension `name`.
  llvm::Expected<LinearLayout> flattenOuts(llvm::StringRef name) const;
  /// Same as reshapeOuts, for input dimensions (row-major: last is fastest).
  llvm::Expected<LinearLayout>
  reshapeIns(llvm::ArrayRef<NamedSize> newIns) const;
  /// Drops output dimension `name`: every basis forgets its coordinate there.
  llvm::Expected<LinearLayout> removeOutDim(llvm::StringRef name) const;
  /// Drops the bases of `inDim` whose image is 0 (halving its size each).
  LinearLayout removeZeroBases(llvm::StringRef inDim) const;
  /// The restriction to the given input dimensions and the projection onto
  /// the given output dimensions (both keep this layout's order).
  llvm::Expected<LinearLayout>
  sublayout(llvm::ArrayRef<llvm::StringRef> inDims,
            llvm::ArrayRef<llvm::StringRef> outDims) const;
  /// Renames an input or output dimension.
  llvm::Expected<LinearLayout> renameInDim(llvm::StringRef from,
                                           llvm::StringRef to) const;
  llvm::Expected<LinearLayout> renameOutDim(llvm::StringRef from,
                                            llvm::StringRef to) const;

  // --- Queries ------------------------------------------------------------

  /// Dimension of the image (rank of the matrix over GF(2)).
  unsigned getRank() const;
  bool isInjective() const { return getRank() == getTotalInDimSizeLog2(); }
  bool isSurjective() const { return getRank() == getTotalOutDimSizeLog2(); }
  bool isInvertible() const { return isInjective() && isSurjective(); }
  /// For every input dimension (in order), a mask of its free bits: the bits
  /// whose basis is a combination of the bases before it (input dimensions
  /// in order, bits low to high). Flipping a free bit never reaches a new
  /// output; a zero basis (broadcast, replication) is always free.
  llvm::SmallVector<std::pair<std::string, uint32_t>>
  getFreeVariableMasks() const;
  /// For every input dimension, a mask of the bits whose basis is zero.
  llvm::SmallVector<std::pair<std::string, uint32_t>> getZeroBasesMasks() const;
  /// The number of consecutive `inDim` values (from 0) that map to
  /// consecutive coordinates of `outDim` and nowhere else: the largest 2^k
  /// whose first k bases are 1, 2, ..., 2^(k-1) along `outDim` and 0 on the
  /// other output dimensions, reduced until every other basis is a multiple
  /// of 2^k along `outDim` (so each thread's run starts aligned). `outDim`
  /// empty means the last (row-major fastest) output dimension. This is a
  /// thread's contiguous run, the vector width of a load or store when that
  /// dimension is contiguous.
  int32_t getNumConsecutiveInOut(llvm::StringRef inDim = "register",
                                 llvm::StringRef outDim = "") const;

  bool operator==(const LinearLayout &other) const;
  bool operator!=(const LinearLayout &other) const { return !(*this == other); }
  /// A readable multi-line description.
  std::string str() const;

private:
  struct InDim {
    std::string name;
    std::vector<Basis> bases;
  };
  struct OutDim {
    std::string name;
    unsigned sizeLog2;
  };
  int findIn(llvm::StringRef name) const;
  int findOut(llvm::StringRef name) const;

  std::vector<InDim> ins;
  std::vector<OutDim> outs;
};

/// LinearLayout::product on Expected operands, passing an error through, so
/// that products chain: multiply(multiply(a, b), c).
llvm::Expected<LinearLayout> multiply(llvm::Expected<LinearLayout> a,
                                      llvm::Expected<LinearLayout> b);

} // namespace trident::layout

#endif
