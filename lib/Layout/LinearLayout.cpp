//===- LinearLayout.cpp - Layouts as linear maps over GF(2) ---------------===//
#include "trident/Layout/LinearLayout.h"

#include "GF2.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace trident::layout;
using llvm::ArrayRef;
using llvm::Expected;
using llvm::StringRef;

namespace {

llvm::Error err(const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "linear layout: " + msg);
}

/// log2 of a power of two in [1, 2^kMaxDimLog2], or -1.
int log2Size(int64_t size) {
  if (size <= 0 || (size & (size - 1)) || size > (int64_t(1) << kMaxDimLog2))
    return -1;
  return __builtin_ctzll(uint64_t(size));
}

} // namespace

//===----------------------------------------------------------------------===//
// The packed matrix view.
//===----------------------------------------------------------------------===//

detail::Matrix::Matrix(const LinearLayout &layout) {
  for (auto &[name, size] : layout.getOutDims()) {
    outStart.push_back(totalOutBits);
    outBits.push_back(log2Size(size));
    totalOutBits += outBits.back();
  }
  for (auto &[name, bases] : layout.getAllBases()) {
    inStart.push_back(cols.size());
    inBits.push_back(bases.size());
    for (const LinearLayout::Basis &b : bases)
      cols.push_back(pack(b));
  }
}

uint64_t detail::Matrix::pack(ArrayRef<int32_t> coords) const {
  uint64_t v = 0;
  for (unsigned j = 0; j < outStart.size() && j < coords.size(); ++j)
    v |= (uint64_t(uint32_t(coords[j])) & ((uint64_t(1) << outBits[j]) - 1))
         << outStart[j];
  return v;
}

LinearLayout::Basis detail::Matrix::unpack(uint64_t v) const {
  LinearLayout::Basis b;
  for (unsigned j = 0; j < outStart.size(); ++j)
    b.push_back(int32_t((v >> outStart[j]) & ((uint64_t(1) << outBits[j]) - 1)));
  return b;
}

LinearLayout::Basis detail::Matrix::splitColumns(uint64_t combo) const {
  LinearLayout::Basis b;
  for (unsigned i = 0; i < inStart.size(); ++i)
    b.push_back(int32_t((combo >> inStart[i]) & ((uint64_t(1) << inBits[i]) - 1)));
  return b;
}

//===----------------------------------------------------------------------===//
// Construction.
//===----------------------------------------------------------------------===//

Expected<LinearLayout> LinearLayout::fromBases(ArrayRef<DimBases> inDims,
                                               ArrayRef<NamedSize> outDims) {
  LinearLayout l;
  llvm::StringSet<> seen;
  unsigned totalOut = 0;
  for (auto &[name, size] : outDims) {
    int lg = log2Size(size);
    if (lg < 0)
      return err("output dimension '" + name + "' has size " +
                 llvm::Twine(size) + ", not a power of two in [1, 2^30]");
    if (!seen.insert(name).second)
      return err("output dimension '" + name + "' appears twice");
    totalOut += lg;
    l.outs.push_back({name, unsigned(lg)});
  }
  if (totalOut > kMaxTotalLog2)
    return err("output dimensions too large (2^" + llvm::Twine(totalOut) + ")");
  seen.clear();
  unsigned totalIn = 0;
  for (auto &[name, bases] : inDims) {
    if (!seen.insert(name).second)
      return err("input dimension '" + name + "' appears twice");
    if (bases.size() > kMaxDimLog2)
      return err("input dimension '" + name + "' has too many bases");
    totalIn += bases.size();
    for (const Basis &b : bases) {
      if (b.size() != outDims.size())
        return err("a basis of '" + name + "' has " + llvm::Twine(b.size()) +
                   " coordinates, expected " + llvm::Twine(outDims.size()));
      for (unsigned j = 0; j < b.size(); ++j)
        if (b[j] < 0 || b[j] >= outDims[j].second)
          return err("a basis of '" + name + "' has coordinate " +
                     llvm::Twine(b[j]) + " outside '" + outDims[j].first +
                     "' of size " + llvm::Twine(outDims[j].second));
    }
    l.ins.push_back({name, bases});
  }
  if (totalIn > kMaxTotalLog2)
    return err("input dimensions too large (2^" + llvm::Twine(totalIn) + ")");
  return l;
}

Expected<LinearLayout> LinearLayout::identity1D(int32_t size, StringRef inDim,
                                                StringRef outDim) {
  int lg = log2Size(size);
  if (lg < 0)
    return err("identity1D size " + llvm::Twine(size) + " is not a power of two");
  std::vector<Basis> bases;
  for (int i = 0; i < lg; ++i)
    bases.push_back({int32_t(1) << i});
  return fromBases({{inDim.str(), bases}}, {{outDim.str(), size}});
}

Expected<LinearLayout> LinearLayout::zeros1D(int32_t size, StringRef inDim,
                                             StringRef outDim,
                                             int32_t outSize) {
  int lg = log2Size(size);
  if (lg < 0)
    return err("zeros1D size " + llvm::Twine(size) + " is not a power of two");
  std::vector<Basis> bases(lg, Basis{0});
  return fromBases({{inDim.str(), bases}}, {{outDim.str(), outSize}});
}

Expected<LinearLayout> LinearLayout::product(const LinearLayout &a,
                                             const LinearLayout &b) {
  std::vector<NamedSize> outDims;
  for (const OutDim &o : a.outs) {
    unsigned lg = o.sizeLog2 + b.getOutDimSizeLog2(o.name);
    if (lg > kMaxDimLog2)
      return err("product: output dimension '" + o.name + "' too large");
    outDims.push_back({o.name, int32_t(1) << lg});
  }
  for (const OutDim &o : b.outs)
    if (!a.hasOutDim(o.name))
      outDims.push_back({o.name, int32_t(1) << o.sizeLog2});

  // Re-expresses a basis of `src` in the product's output dimensions,
  // shifted up by `shiftBy`'s size where both have the dimension.
  auto lift = [&](const LinearLayout &src, const Basis &basis,
                  const LinearLayout *shiftBy) {
    Basis r;
    for (auto &[name, size] : outDims) {
      int j = src.findOut(name);
      int32_t c = j < 0 ? 0 : basis[j];
      if (j >= 0 && shiftBy)
        c <<= shiftBy->getOutDimSizeLog2(name);
      r.push_back(c);
    }
    return r;
  };
  std::vector<DimBases> inDims;
  for (const InDim &d : a.ins) {
    inDims.push_back({d.name, {}});
    for (const Basis &basis : d.bases)
      inDims.back().second.push_back(lift(a, basis, nullptr));
    if (int k = b.findIn(d.name); k >= 0)
      for (const Basis &basis : b.ins[k].bases)
        inDims.back().second.push_back(lift(b, basis, &a));
  }
  for (const InDim &d : b.ins) {
    if (a.hasInDim(d.name))
      continue;
    inDims.push_back({d.name, {}});
    for (const Basis &basis : d.bases)
      inDims.back().second.push_back(lift(b, basis, &a));
  }
  return fromBases(inDims, outDims);
}

Expected<LinearLayout> trident::layout::multiply(Expected<LinearLayout> a,
                                                 Expected<LinearLayout> b) {
  if (!a) {
    llvm::consumeError(b.takeError());
    return a.takeError();
  }
  if (!b)
    return b.takeError();
  return LinearLayout::product(*a, *b);
}

//===----------------------------------------------------------------------===//
// Shape.
//===----------------------------------------------------------------------===//

int LinearLayout::findIn(StringRef name) const {
  for (unsigned i = 0; i < ins.size(); ++i)
    if (ins[i].name == name)
      return i;
  return -1;
}

int LinearLayout::findOut(StringRef name) const {
  for (unsigned i = 0; i < outs.size(); ++i)
    if (outs[i].name == name)
      return i;
  return -1;
}

llvm::SmallVector<StringRef> LinearLayout::getInDimNames() const {
  llvm::SmallVector<StringRef> r;
  for (const InDim &d : ins)
    r.push_back(d.name);
  return r;
}

llvm::SmallVector<StringRef> LinearLayout::getOutDimNames() const {
  llvm::SmallVector<StringRef> r;
  for (const OutDim &d : outs)
    r.push_back(d.name);
  return r;
}

bool LinearLayout::hasInDim(StringRef name) const { return findIn(name) >= 0; }
bool LinearLayout::hasOutDim(StringRef name) const { return findOut(name) >= 0; }

unsigned LinearLayout::getInDimSizeLog2(StringRef name) const {
  int i = findIn(name);
  return i < 0 ? 0 : ins[i].bases.size();
}

unsigned LinearLayout::getOutDimSizeLog2(StringRef name) const {
  int i = findOut(name);
  return i < 0 ? 0 : outs[i].sizeLog2;
}

unsigned LinearLayout::getTotalInDimSizeLog2() const {
  unsigned n = 0;
  for (const InDim &d : ins)
    n += d.bases.size();
  return n;
}

unsigned LinearLayout::getTotalOutDimSizeLog2() const {
  unsigned n = 0;
  for (const OutDim &d : outs)
    n += d.sizeLog2;
  return n;
}

llvm::SmallVector<LinearLayout::NamedSize> LinearLayout::getOutDims() const {
  llvm::SmallVector<NamedSize> r;
  for (const OutDim &d : outs)
    r.push_back({d.name, int32_t(1) << d.sizeLog2});
  return r;
}

llvm::SmallVector<LinearLayout::NamedSize> LinearLayout::getInDims() const {
  llvm::SmallVector<NamedSize> r;
  for (const InDim &d : ins)
    r.push_back({d.name, int32_t(1) << d.bases.size()});
  return r;
}

ArrayRef<LinearLayout::Basis> LinearLayout::getBases(StringRef inDim) const {
  int i = findIn(inDim);
  if (i < 0)
    return {};
  return ins[i].bases;
}

std::vector<LinearLayout::DimBases> LinearLayout::getAllBases() const {
  std::vector<DimBases> r;
  for (const InDim &d : ins)
    r.push_back({d.name, d.bases});
  return r;
}

//===----------------------------------------------------------------------===//
// Evaluation.
//===----------------------------------------------------------------------===//

LinearLayout::Basis LinearLayout::apply(ArrayRef<int32_t> inCoords) const {
  Basis r(outs.size(), 0);
  for (unsigned i = 0; i < ins.size() && i < inCoords.size(); ++i)
    for (unsigned bit = 0; bit < ins[i].bases.size(); ++bit)
      if ((uint32_t(inCoords[i]) >> bit) & 1)
        for (unsigned j = 0; j < outs.size(); ++j)
          r[j] ^= ins[i].bases[bit][j];
  return r;
}

Expected<llvm::SmallVector<LinearLayout::NamedSize>>
LinearLayout::apply(ArrayRef<NamedSize> inCoords) const {
  llvm::SmallVector<int32_t> pos(ins.size(), 0);
  for (auto &[name, value] : inCoords) {
    int i = findIn(name);
    if (i < 0)
      return err("apply: no input dimension '" + name + "'");
    pos[i] = value;
  }
  Basis out = apply(pos);
  llvm::SmallVector<NamedSize> r;
  for (unsigned j = 0; j < outs.size(); ++j)
    r.push_back({outs[j].name, out[j]});
  return r;
}

//===----------------------------------------------------------------------===//
// Algebra.
//===----------------------------------------------------------------------===//

Expected<LinearLayout> LinearLayout::compose(const LinearLayout &outer) const {
  for (const OutDim &o : outs) {
    if (!outer.hasInDim(o.name) && o.sizeLog2 > 0)
      return err("compose: '" + o.name + "' is not an input of the outer layout");
    if (outer.getInDimSizeLog2(o.name) < o.sizeLog2)
      return err("compose: '" + o.name + "' is larger than the outer layout's input");
  }
  std::vector<DimBases> inDims;
  for (const InDim &d : ins) {
    inDims.push_back({d.name, {}});
    for (const Basis &b : d.bases) {
      llvm::SmallVector<int32_t> outerIn;
      for (const InDim &od : outer.ins) {
        int j = findOut(od.name);
        outerIn.push_back(j < 0 ? 0 : b[j]);
      }
      inDims.back().second.push_back(outer.apply(outerIn));
    }
  }
  return fromBases(inDims, outer.getOutDims());
}

Expected<LinearLayout> LinearLayout::pseudoinvert() const {
  if (!isSurjective())
    return err("pseudoinvert: the layout is not surjective:\n" + str());
  detail::Matrix m(*this);
  detail::GF2Span span;
  for (unsigned c = 0; c < m.cols.size(); ++c)
    span.insert(m.cols[c], c);
  std::vector<DimBases> inDims;
  for (unsigned j = 0; j < outs.size(); ++j) {
    inDims.push_back({outs[j].name, {}});
    for (unsigned bit = 0; bit < outs[j].sizeLog2; ++bit) {
      std::optional<uint64_t> combo =
          span.solve(uint64_t(1) << (m.outStart[j] + bit));
      inDims.back().second.push_back(m.splitColumns(*combo));
    }
  }
  return fromBases(inDims, getInDims());
}

Expected<LinearLayout> LinearLayout::invert() const {
  if (!isInvertible())
    return err("invert: the layout is not bijective:\n" + str());
  return pseudoinvert();
}

Expected<LinearLayout>
LinearLayout::invertAndCompose(const LinearLayout &target) const {
  for (const OutDim &o : outs)
    if (target.getOutDimSizeLog2(o.name) < o.sizeLog2)
      return err("invertAndCompose: output '" + o.name +
                 "' is missing or smaller in the target");
  detail::Matrix tm(target);
  detail::GF2Span span;
  for (unsigned c = 0; c < tm.cols.size(); ++c)
    span.insert(tm.cols[c], c);
  std::vector<DimBases> inDims;
  for (const InDim &d : ins) {
    inDims.push_back({d.name, {}});
    for (unsigned bit = 0; bit < d.bases.size(); ++bit) {
      llvm::SmallVector<int32_t> coords;
      for (const OutDim &to : target.outs) {
        int j = findOut(to.name);
        coords.push_back(j < 0 ? 0 : d.bases[bit][j]);
      }
      std::optional<uint64_t> combo = span.solve(tm.pack(coords));
      if (!combo)
        return err("invertAndCompose: the image of " + d.name + " bit " +
                   llvm::Twine(bit) + " is not reached by the target");
      inDims.back().second.push_back(tm.splitColumns(*combo));
    }
  }
  return fromBases(inDims, target.getInDims());
}

//===----------------------------------------------------------------------===//
// Reshaping.
//===----------------------------------------------------------------------===//

/// Checks that `order` is a permutation of `names`; returns old indices.
static Expected<llvm::SmallVector<unsigned>>
permutation(ArrayRef<StringRef> names, ArrayRef<StringRef> order) {
  if (names.size() != order.size())
    return err("transpose: expected " + llvm::Twine(names.size()) +
               " dimension names, got " + llvm::Twine(order.size()));
  llvm::SmallVector<unsigned> idx;
  for (StringRef n : order) {
    auto it = llvm::find(names, n);
    if (it == names.end())
      return err("transpose: unknown dimension '" + n + "'");
    unsigned k = it - names.begin();
    if (llvm::is_contained(idx, k))
      return err("transpose: dimension '" + n + "' appears twice");
    idx.push_back(k);
  }
  return idx;
}

Expected<LinearLayout>
LinearLayout::transposeOuts(ArrayRef<StringRef> order) const {
  auto perm = permutation(getOutDimNames(), order);
  if (!perm)
    return perm.takeError();
  LinearLayout r = *this;
  for (unsigned j = 0; j < perm->size(); ++j)
    r.outs[j] = outs[(*perm)[j]];
  for (InDim &d : r.ins)
    for (Basis &b : d.bases) {
      Basis old = b;
      for (unsigned j = 0; j < perm->size(); ++j)
        b[j] = old[(*perm)[j]];
    }
  return r;
}

Expected<LinearLayout>
LinearLayout::transposeIns(ArrayRef<StringRef> order) const {
  auto perm = permutation(getInDimNames(), order);
  if (!perm)
    return perm.takeError();
  LinearLayout r = *this;
  for (unsigned i = 0; i < perm->size(); ++i)
    r.ins[i] = ins[(*perm)[i]];
  return r;
}

Expected<LinearLayout>
LinearLayout::reshapeOuts(ArrayRef<NamedSize> newOuts) const {
  unsigned total = 0;
  for (auto &[name, size] : newOuts) {
    if (log2Size(size) < 0)
      return err("reshapeOuts: size of '" + name + "' is not a power of two");
    total += log2Size(size);
  }
  if (total != getTotalOutDimSizeLog2())
    return err("reshapeOuts: total size 2^" + llvm::Twine(total) +
               " differs from 2^" + llvm::Twine(getTotalOutDimSizeLog2()));
  std::vector<DimBases> inDims;
  for (const InDim &d : ins) {
    inDims.push_back({d.name, {}});
    for (const Basis &b : d.bases) {
      uint64_t flat = 0; // row-major: the last dimension in the low bits
      for (unsigned j = 0; j < outs.size(); ++j)
        flat = (flat << outs[j].sizeLog2) | uint64_t(b[j]);
      Basis nb(newOuts.size(), 0);
      for (unsigned j = newOuts.size(); j-- > 0;) {
        nb[j] = int32_t(flat & uint64_t(newOuts[j].second - 1));
        flat >>= log2Size(newOuts[j].second);
      }
      inDims.back().second.push_back(nb);
    }
  }
  return fromBases(inDims, newOuts);
}

Expected<LinearLayout> LinearLayout::flattenOuts(StringRef name) const {
  if (getTotalOutDimSizeLog2() > kMaxDimLog2)
    return err("flattenOuts: the flattened dimension would be too large");
  return reshapeOuts({{name.str(), int32_t(getTotalOutDimSize())}});
}

Expected<LinearLayout>
LinearLayout::reshapeIns(ArrayRef<NamedSize> newIns) const {
  // All bases in flattened order: the last input dimension's bits are low.
  std::vector<Basis> flat;
  for (unsigned i = ins.size(); i-- > 0;)
    llvm::append_range(flat, ins[i].bases);
  unsigned total = 0;
  for (auto &[name, size] : newIns) {
    if (log2Size(size) < 0)
      return err("reshapeIns: size of '" + name + "' is not a power of two");
    total += log2Size(size);
  }
  if (total != flat.size())
    return err("reshapeIns: total size 2^" + llvm::Twine(total) +
               " differs from 2^" + llvm::Twine(flat.size()));
  std::vector<DimBases> inDims(newIns.size());
  unsigned next = 0;
  for (unsigned i = newIns.size(); i-- > 0;) {
    inDims[i].first = newIns[i].first;
    for (int k = 0, e = log2Size(newIns[i].second); k < e; ++k)
      inDims[i].second.push_back(flat[next++]);
  }
  return fromBases(inDims, getOutDims());
}

Expected<LinearLayout> LinearLayout::removeOutDim(StringRef name) const {
  int j = findOut(name);
  if (j < 0)
    return err("removeOutDim: no output dimension '" + name + "'");
  LinearLayout r = *this;
  r.outs.erase(r.outs.begin() + j);
  for (InDim &d : r.ins)
    for (Basis &b : d.bases)
      b.erase(b.begin() + j);
  return r;
}

LinearLayout LinearLayout::removeZeroBases(StringRef inDim) const {
  LinearLayout r = *this;
  int i = findIn(inDim);
  if (i >= 0)
    llvm::erase_if(r.ins[i].bases,
                   [](const Basis &b) { return llvm::all_of(b, [](int32_t c) { return c == 0; }); });
  return r;
}

Expected<LinearLayout>
LinearLayout::sublayout(ArrayRef<StringRef> inDims,
                        ArrayRef<StringRef> outDims) const {
  for (StringRef n : inDims)
    if (!hasInDim(n))
      return err("sublayout: no input dimension '" + n + "'");
  for (StringRef n : outDims)
    if (!hasOutDim(n))
      return err("sublayout: no output dimension '" + n + "'");
  std::vector<NamedSize> newOuts;
  llvm::SmallVector<unsigned> keep;
  for (unsigned j = 0; j < outs.size(); ++j)
    if (llvm::is_contained(outDims, StringRef(outs[j].name))) {
      keep.push_back(j);
      newOuts.push_back({outs[j].name, int32_t(1) << outs[j].sizeLog2});
    }
  std::vector<DimBases> newIns;
  for (const InDim &d : ins) {
    if (!llvm::is_contained(inDims, StringRef(d.name)))
      continue;
    newIns.push_back({d.name, {}});
    for (const Basis &b : d.bases) {
      Basis nb;
      for (unsigned j : keep)
        nb.push_back(b[j]);
      newIns.back().second.push_back(nb);
    }
  }
  return fromBases(newIns, newOuts);
}

Expected<LinearLayout> LinearLayout::renameInDim(StringRef from,
                                                 StringRef to) const {
  int i = findIn(from);
  if (i < 0)
    return err("renameInDim: no input dimension '" + from + "'");
  if (from != to && hasInDim(to))
    return err("renameInDim: input dimension '" + to + "' already exists");
  LinearLayout r = *this;
  r.ins[i].name = to.str();
  return r;
}

Expected<LinearLayout> LinearLayout::renameOutDim(StringRef from,
                                                  StringRef to) const {
  int j = findOut(from);
  if (j < 0)
    return err("renameOutDim: no output dimension '" + from + "'");
  if (from != to && hasOutDim(to))
    return err("renameOutDim: output dimension '" + to + "' already exists");
  LinearLayout r = *this;
  r.outs[j].name = to.str();
  return r;
}

//===----------------------------------------------------------------------===//
// Queries.
//===----------------------------------------------------------------------===//

unsigned LinearLayout::getRank() const {
  detail::Matrix m(*this);
  detail::GF2Span span;
  for (unsigned c = 0; c < m.cols.size(); ++c)
    span.insert(m.cols[c], c);
  return span.rank();
}

llvm::SmallVector<std::pair<std::string, uint32_t>>
LinearLayout::getFreeVariableMasks() const {
  detail::Matrix m(*this);
  detail::GF2Span span;
  llvm::SmallVector<std::pair<std::string, uint32_t>> r;
  for (unsigned i = 0; i < ins.size(); ++i) {
    uint32_t mask = 0;
    for (unsigned bit = 0; bit < m.inBits[i]; ++bit) {
      unsigned c = m.inStart[i] + bit;
      if (!span.insert(m.cols[c], c))
        mask |= uint32_t(1) << bit;
    }
    r.push_back({ins[i].name, mask});
  }
  return r;
}

llvm::SmallVector<std::pair<std::string, uint32_t>>
LinearLayout::getZeroBasesMasks() const {
  llvm::SmallVector<std::pair<std::string, uint32_t>> r;
  for (const InDim &d : ins) {
    uint32_t mask = 0;
    for (unsigned bit = 0; bit < d.bases.size(); ++bit)
      if (llvm::all_of(d.bases[bit], [](int32_t c) { return c == 0; }))
        mask |= uint32_t(1) << bit;
    r.push_back({d.name, mask});
  }
  return r;
}

int32_t LinearLayout::getNumConsecutiveInOut(StringRef inDim,
                                             StringRef outDim) const {
  int i = findIn(inDim);
  int o = outDim.empty() ? int(outs.size()) - 1 : findOut(outDim);
  if (i < 0 || o < 0)
    return 1;
  unsigned k = 0;
  for (; k < ins[i].bases.size(); ++k) {
    const Basis &b = ins[i].bases[k];
    bool unit = true;
    for (unsigned j = 0; j < outs.size(); ++j)
      unit &= b[j] == (int(j) == o ? (int32_t(1) << k) : 0);
    if (!unit)
      break;
  }
  // The run must also start aligned for every thread: no other basis may
  // touch its low bits along outDim (an XOR there would split the run).
  for (unsigned d = 0; d < ins.size(); ++d)
    for (unsigned bit = (int(d) == i ? k : 0); bit < ins[d].bases.size(); ++bit)
      if (int32_t c = ins[d].bases[bit][o])
        k = std::min<unsigned>(k, __builtin_ctz(uint32_t(c)));
  return int32_t(1) << k;
}

bool LinearLayout::operator==(const LinearLayout &other) const {
  if (ins.size() != other.ins.size() || outs.size() != other.outs.size())
    return false;
  for (unsigned i = 0; i < ins.size(); ++i)
    if (ins[i].name != other.ins[i].name || ins[i].bases != other.ins[i].bases)
      return false;
  for (unsigned j = 0; j < outs.size(); ++j)
    if (outs[j].name != other.outs[j].name ||
        outs[j].sizeLog2 != other.outs[j].sizeLog2)
      return false;
  return true;
}

std::string LinearLayout::str() const {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "LinearLayout\n";
  for (const InDim &d : ins) {
    os << "  " << d.name << " (" << (int64_t(1) << d.bases.size()) << "): [";
    llvm::interleaveComma(d.bases, os, [&](const Basis &b) {
      os << "(";
      llvm::interleaveComma(b, os);
      os << ")";
    });
    os << "]\n";
  }
  os << "  -> ";
  llvm::interleaveComma(outs, os, [&](const OutDim &o) {
    os << o.name << " (" << (int64_t(1) << o.sizeLog2) << ")";
  });
  return s;
}
