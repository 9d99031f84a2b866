//===- SharedMemory.cpp - Bank conflicts and swizzle selection ------------===//
#include "trident/Layout/Conversion.h"
#include "trident/Layout/Layouts.h"

#include "GF2.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace trident::layout;
using llvm::ArrayRef;
using llvm::Expected;

namespace {

llvm::Error err(const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

constexpr unsigned kBanks = 32;
constexpr unsigned kWavefrontBytes = 128;

unsigned lanesPerPhase(unsigned bytesPerLane) {
  return bytesPerLane >= 4 ? std::max(1u, kWavefrontBytes / bytesPerLane) : 32;
}

bool validElemBits(unsigned bits) {
  return bits == 8 || bits == 16 || bits == 32 || bits == 64;
}

} // namespace

unsigned trident::layout::countWavefronts(ArrayRef<int64_t> laneByteAddrs,
                                          unsigned bytesPerLane) {
  unsigned perPhase = lanesPerPhase(bytesPerLane), total = 0;
  for (size_t start = 0; start < laneByteAddrs.size(); start += perPhase) {
    // Distinct 4-byte words each bank is asked for in this phase.
    std::vector<llvm::SmallVector<int64_t, 4>> words(kBanks);
    for (size_t l = start; l < std::min(laneByteAddrs.size(), start + perPhase); ++l) {
      int64_t first = laneByteAddrs[l] / 4;
      int64_t last = (laneByteAddrs[l] + std::max(bytesPerLane, 1u) - 1) / 4;
      for (int64_t w = first; w <= last; ++w) {
        auto &bank = words[w % kBanks];
        if (!llvm::is_contained(bank, w))
          bank.push_back(w);
      }
    }
    size_t degree = 1;
    for (auto &bank : words)
      degree = std::max(degree, bank.size());
    total += degree;
  }
  return total;
}

unsigned trident::layout::idealWavefronts(unsigned numLanes,
                                          unsigned bytesPerLane) {
  unsigned perPhase = lanesPerPhase(bytesPerLane);
  return (numLanes + perPhase - 1) / perPhase;
}

Expected<int32_t> trident::layout::vectorWidth(const LinearLayout &regLayout,
                                               const LinearLayout &memLayout,
                                               int32_t maxElems) {
  if (memLayout.getNumInDims() != 1)
    return err("vectorWidth: the memory layout must have one input dimension");
  Expected<LinearLayout> cvt = regLayout.invertAndCompose(memLayout);
  if (!cvt)
    return cvt.takeError();
  return std::min(maxElems, cvt->getNumConsecutiveInOut(
                                kRegister, memLayout.getInDimNames()[0]));
}

Expected<SharedAccessCost>
trident::layout::sharedAccessCost(const LinearLayout &regLayout,
                                  const LinearLayout &sharedLayout,
                                  unsigned elemBits, unsigned vecElems) {
  if (!validElemBits(elemBits))
    return err("sharedAccessCost: element bitwidth must be 8, 16, 32 or 64");
  unsigned elemBytes = elemBits / 8, maxVec = 16 / elemBytes;
  Expected<int32_t> contiguous = vectorWidth(regLayout, sharedLayout);
  if (!contiguous)
    return contiguous.takeError();
  SharedAccessCost cost;
  cost.vecElems = std::min<unsigned>(*contiguous, maxVec);
  if (vecElems) {
    if ((vecElems & (vecElems - 1)) || vecElems > cost.vecElems)
      return err("sharedAccessCost: " + llvm::Twine(vecElems) +
                 " elements are not contiguous in shared memory (at most " +
                 llvm::Twine(cost.vecElems) + ")");
    cost.vecElems = vecElems;
  }
  LinearLayout cvt = cantFail(regLayout.invertAndCompose(sharedLayout));
  llvm::SmallVector<llvm::StringRef> names = cvt.getInDimNames();
  int regPos = llvm::find(names, kRegister) - names.begin();
  int lanePos = llvm::find(names, kLane) - names.begin();
  int32_t regs = cvt.getInDimSize(kRegister), lanes = cvt.getInDimSize(kLane);
  unsigned bytes = cost.vecElems * elemBytes;
  for (int32_t g = 0; g < regs; g += cost.vecElems) {
    llvm::SmallVector<int64_t, 32> addrs;
    for (int32_t l = 0; l < lanes; ++l) {
      llvm::SmallVector<int32_t, 4> in(names.size(), 0);
      if (regPos < int(names.size()))
        in[regPos] = g;
      if (lanePos < int(names.size()))
        in[lanePos] = l;
      addrs.push_back(int64_t(cvt.apply(in)[0]) * elemBytes);
    }
    cost.instructions++;
    cost.wavefronts += countWavefronts(addrs, bytes);
    cost.idealWavefronts += idealWavefronts(lanes, bytes);
  }
  return cost;
}

//===----------------------------------------------------------------------===//
// Choosing a conflict-free shared layout.
//
// Work in the tensor's bit space T (n bits). V is spanned by the leading
// register bases src and dst share (the vector). Modulo V, let P be spanned
// by the store's lanes of one phase, Q by the load's, both extended to the
// m bits that select a bank slot. A lane pair of one phase conflicts iff its
// address difference has no bank-slot bits, so the offset bits above the
// slot bits (H) must meet neither P nor Q: H is a common complement of P and
// Q. With I = P n Q, P = I + P', Q = I + Q', the sums p'_i + q'_i together
// with any complement K of P + Q give one. The offset bits are then V, the
// slot bits P (the store's lanes in order) and H.
//===----------------------------------------------------------------------===//

Expected<LinearLayout>
trident::layout::chooseSharedLayout(const LinearLayout &src,
                                    const LinearLayout &dst, unsigned elemBits) {
  if (!validElemBits(elemBits))
    return err("chooseSharedLayout: element bitwidth must be 8, 16, 32 or 64");
  if (!src.isSurjective() || !dst.isSurjective())
    return err("chooseSharedLayout: both layouts must cover the whole tensor");
  if (src.getNumOutDims() != dst.getNumOutDims())
    return err("chooseSharedLayout: the layouts have different tensor ranks");
  for (auto &[name, size] : src.getOutDims())
    if (dst.getOutDimSize(name) != size || !dst.hasOutDim(name))
      return err("chooseSharedLayout: tensor dimension '" + name + "' differs");
  Expected<LinearLayout> dstA = dst.transposeOuts(src.getOutDimNames());
  if (!dstA)
    return dstA.takeError();
  detail::Matrix ms(src);
  unsigned n = ms.totalOutBits;
  auto column = [](const LinearLayout &l, detail::Matrix &m,
                   llvm::StringRef dim, unsigned k) -> std::optional<uint64_t> {
    llvm::SmallVector<llvm::StringRef> names = l.getInDimNames();
    auto it = llvm::find(names, dim);
    if (it == names.end() || k >= m.inBits[it - names.begin()])
      return std::nullopt;
    return m.cols[m.inStart[it - names.begin()] + k];
  };
  detail::Matrix md(*dstA);

  // The vector: the longest common run of register bases, up to 16 bytes.
  unsigned elemBytes = elemBits / 8, maxVecLog2 = __builtin_ctz(16 / elemBytes);
  detail::GF2Span vSpan;
  std::vector<uint64_t> vecBases;
  for (unsigned k = 0; k < maxVecLog2; ++k) {
    auto s = column(src, ms, kRegister, k), d = column(*dstA, md, kRegister, k);
    if (!s || !d || *s != *d || !vSpan.insert(*s, 0))
      break;
    vecBases.push_back(*s);
  }
  unsigned a = vecBases.size(), vecBytes = elemBytes << a;
  // Offset bits [slotStart, slotStart + m) pick the bank slot of a lane's
  // access; below them (and above the vector) lie bits inside one word.
  unsigned wordLog2 = __builtin_ctz(4 / std::min(4u, elemBytes));
  unsigned slotStart = vecBytes >= 4 ? a : wordLog2;
  unsigned m = vecBytes >= 4 ? __builtin_ctz(kWavefrontBytes / vecBytes) : 5;
  m = std::min(m, n - a);
  unsigned intraWord = slotStart - a;

  auto red = [&](uint64_t v) { return vSpan.reduced(v); };
  auto lanesModV = [&](const LinearLayout &l, detail::Matrix &mat,
                       detail::GF2Span &span) {
    std::vector<uint64_t> basis;
    for (unsigned k = 0; k < m; ++k)
      if (auto c = column(l, mat, kLane, k); c && span.insert(red(*c), 0))
        basis.push_back(red(*c));
    return basis;
  };
  detail::GF2Span vp = vSpan, vq = vSpan;
  std::vector<uint64_t> p = lanesModV(src, ms, vp), q = lanesModV(*dstA, md, vq);
  auto extend = [&](std::vector<uint64_t> &basis, detail::GF2Span &span,
                    const std::vector<uint64_t> &prefer) {
    for (uint64_t v : prefer)
      if (basis.size() < m && span.insert(v, 0))
        basis.push_back(v);
    for (unsigned j = 0; j < n && basis.size() < m; ++j)
      if (span.insert(red(uint64_t(1) << j), 0))
        basis.push_back(red(uint64_t(1) << j));
  };
  extend(p, vp, q);
  extend(q, vq, p);

  // I = P n Q, by enumerating P (at most 2^5 elements).
  detail::GF2Span vi = vSpan;
  for (uint64_t mask = 1; mask < (uint64_t(1) << p.size()); ++mask) {
    uint64_t x = 0;
    for (unsigned i = 0; i < p.size(); ++i)
      if (mask >> i & 1)
        x ^= p[i];
    if (vq.contains(x))
      vi.insert(x, 0);
  }
  auto complementOfI = [&](const std::vector<uint64_t> &basis) {
    detail::GF2Span span = vi;
    std::vector<uint64_t> rest;
    for (uint64_t v : basis)
      if (span.insert(v, 0))
        rest.push_back(v);
    return rest;
  };
  std::vector<uint64_t> pRest = complementOfI(p), qRest = complementOfI(q);
  if (pRest.size() != qRest.size())
    return err("chooseSharedLayout: internal error: unbalanced lane spaces");
  std::vector<uint64_t> h;
  for (unsigned i = 0; i < pRest.size(); ++i)
    h.push_back(pRest[i] ^ qRest[i]);
  detail::GF2Span all = vp;
  for (uint64_t v : q)
    all.insert(v, 0);
  for (unsigned j = 0; j < n; ++j)
    if (all.insert(red(uint64_t(1) << j), 0))
      h.push_back(red(uint64_t(1) << j));

  std::vector<uint64_t> offsetBases = vecBases;
  unsigned fill = std::min<size_t>(intraWord, h.size());
  offsetBases.insert(offsetBases.end(), h.begin(), h.begin() + fill);
  llvm::append_range(offsetBases, p);
  offsetBases.insert(offsetBases.end(), h.begin() + fill, h.end());
  detail::GF2Span check;
  for (uint64_t v : offsetBases)
    check.insert(v, 0);
  if (offsetBases.size() != n || check.rank() != n)
    return err("chooseSharedLayout: internal error: not a bijection");
  std::vector<LinearLayout::Basis> bases;
  for (uint64_t v : offsetBases)
    bases.push_back(ms.unpack(v));
  return LinearLayout::fromBases({{kOffset.str(), bases}}, src.getOutDims());
}
