//===- LinearLayoutTest.cpp - The algebra of linear layouts ---------------===//
#include "LayoutTestUtils.h"

#include "trident/Layout/LinearLayout.h"

#include <random>

using namespace trident::layout;
using namespace trident::layout::test;
using Basis = LinearLayout::Basis;

namespace {

/// A random layout with the given input and output dimensions.
LinearLayout randomLayout(std::mt19937 &rng,
                          llvm::ArrayRef<LinearLayout::NamedSize> ins,
                          llvm::ArrayRef<LinearLayout::NamedSize> outs) {
  std::vector<LinearLayout::DimBases> bases;
  for (auto &[name, size] : ins) {
    bases.push_back({name, {}});
    for (int32_t s = 1; s < size; s *= 2) {
      Basis b;
      for (auto &o : outs)
        b.push_back(int32_t(rng() % o.second));
      bases.back().second.push_back(b);
    }
  }
  return get(LinearLayout::fromBases(bases, outs));
}

/// A random bijective layout between `ins` and `outs` (equal total sizes).
LinearLayout randomBijection(std::mt19937 &rng,
                             llvm::ArrayRef<LinearLayout::NamedSize> ins,
                             llvm::ArrayRef<LinearLayout::NamedSize> outs) {
  while (true) {
    LinearLayout l = randomLayout(rng, ins, outs);
    if (l.isInvertible())
      return l;
  }
}

Basis xorOf(const Basis &a, const Basis &b) {
  Basis r = a;
  for (unsigned i = 0; i < r.size(); ++i)
    r[i] ^= b[i];
  return r;
}

const std::vector<LinearLayout::NamedSize> kHw = {
    {"register", 4}, {"lane", 8}, {"warp", 2}};
const std::vector<LinearLayout::NamedSize> kTensor = {{"dim0", 8}, {"dim1", 8}};

} // namespace

TEST(LinearLayout, Identity1D) {
  LinearLayout l = get(LinearLayout::identity1D(16, "lane", "dim0"));
  for (int32_t i = 0; i < 16; ++i)
    EXPECT_EQ(l.apply({i}), Basis{i});
  EXPECT_TRUE(l.isInvertible());
  EXPECT_EQ(l.getInDimSize("lane"), 16);
  EXPECT_EQ(l.getOutDimSize("dim0"), 16);
  EXPECT_EQ(l.getInDimSize("absent"), 1);
}

TEST(LinearLayout, Zeros1DIsABroadcast) {
  LinearLayout l = get(LinearLayout::zeros1D(8, "lane", "dim0", 4));
  for (int32_t i = 0; i < 8; ++i)
    EXPECT_EQ(l.apply({i}), Basis{0});
  EXPECT_FALSE(l.isInjective());
  EXPECT_FALSE(l.isSurjective());
  EXPECT_EQ(l.getFreeVariableMasks()[0].second, 0x7u);
  EXPECT_EQ(l.getZeroBasesMasks()[0].second, 0x7u);
}

TEST(LinearLayout, FromBasesRejectsBadInput) {
  EXPECT_NE(errorOf(LinearLayout::fromBases({{"r", {{1, 0, 0}}}},
                                            {{"dim0", 2}, {"dim1", 2}}))
                .find("coordinates"),
            std::string::npos);
  EXPECT_NE(errorOf(LinearLayout::fromBases({{"r", {{4}}}}, {{"dim0", 4}}))
                .find("outside"),
            std::string::npos);
  EXPECT_NE(errorOf(LinearLayout::fromBases({}, {{"dim0", 6}})).find("power of two"),
            std::string::npos);
  EXPECT_NE(errorOf(LinearLayout::fromBases({{"r", {}}, {"r", {}}}, {})).find("twice"),
            std::string::npos);
  EXPECT_NE(errorOf(LinearLayout::identity1D(3, "a", "b")).find("power of two"),
            std::string::npos);
  EXPECT_TRUE(fails(LinearLayout::fromBases({{"r", {{-1}}}}, {{"d", 2}})));
}

TEST(LinearLayout, ApplyIsLinear) {
  std::mt19937 rng(1);
  for (int iter = 0; iter < 20; ++iter) {
    LinearLayout l = randomLayout(rng, kHw, kTensor);
    forEachInput(l, [&](llvm::ArrayRef<int32_t> x) {
      llvm::SmallVector<int32_t> y = {int32_t(rng() % 4), int32_t(rng() % 8),
                                      int32_t(rng() % 2)};
      llvm::SmallVector<int32_t> xy = {x[0] ^ y[0], x[1] ^ y[1], x[2] ^ y[2]};
      EXPECT_EQ(l.apply(xy), xorOf(l.apply(x), l.apply(y)));
    });
  }
}

TEST(LinearLayout, NamedApply) {
  LinearLayout l = get(LinearLayout::fromBases(
      {{"lane", {{0, 1}, {1, 0}}}, {"warp", {{1, 1}}}}, {{"dim0", 2}, {"dim1", 2}}));
  auto r = get(l.apply({{"warp", 1}, {"lane", 1}}));
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0], LinearLayout::NamedSize("dim0", 1));
  EXPECT_EQ(r[1], LinearLayout::NamedSize("dim1", 0));
  EXPECT_NE(errorOf(l.apply({{"block", 0}})).find("block"), std::string::npos);
}

TEST(LinearLayout, ProductOfDisjointDims) {
  LinearLayout a = get(LinearLayout::identity1D(4, "register", "dim1"));
  LinearLayout b = get(LinearLayout::identity1D(8, "lane", "dim0"));
  LinearLayout p = get(LinearLayout::product(a, b));
  EXPECT_EQ(p.getInDimNames(), (llvm::SmallVector<llvm::StringRef>{"register", "lane"}));
  EXPECT_EQ(p.getOutDimNames(), (llvm::SmallVector<llvm::StringRef>{"dim1", "dim0"}));
  forEachInput(p, [&](llvm::ArrayRef<int32_t> x) {
    EXPECT_EQ(p.apply(x), (Basis{x[0], x[1]}));
  });
}

TEST(LinearLayout, ProductOfSharedDimsConcatenates) {
  LinearLayout a = get(LinearLayout::identity1D(4, "register", "dim0"));
  LinearLayout b = get(LinearLayout::identity1D(8, "register", "dim0"));
  EXPECT_EQ(get(LinearLayout::product(a, b)),
            get(LinearLayout::identity1D(32, "register", "dim0")));
  // lane varies fastest along dim0, then register: register is the high part.
  LinearLayout c = get(multiply(LinearLayout::identity1D(4, "lane", "dim0"),
                                LinearLayout::identity1D(2, "register", "dim0")));
  EXPECT_EQ(c.apply({3, 1}), Basis{7}); // in order (lane, register)
  EXPECT_EQ(c.apply({1, 1}), Basis{5});
  EXPECT_EQ(c.getOutDimSize("dim0"), 8);
  EXPECT_TRUE(fails(multiply(LinearLayout::identity1D(3, "a", "b"), LinearLayout())));
}

TEST(LinearLayout, ComposeMatchesApply) {
  std::mt19937 rng(2);
  for (int iter = 0; iter < 20; ++iter) {
    LinearLayout a = randomLayout(rng, kHw, kTensor);
    LinearLayout b = randomLayout(rng, kTensor, {{"x", 16}, {"y", 4}});
    LinearLayout c = get(a.compose(b));
    EXPECT_EQ(c.getOutDimNames(), b.getOutDimNames());
    forEachInput(a, [&](llvm::ArrayRef<int32_t> x) {
      EXPECT_EQ(c.apply(x), b.apply(a.apply(x)));
    });
  }
  LinearLayout a = get(LinearLayout::identity1D(8, "lane", "dim0"));
  LinearLayout small = get(LinearLayout::identity1D(4, "dim0", "x"));
  EXPECT_NE(errorOf(a.compose(small)).find("larger"), std::string::npos);
  EXPECT_NE(errorOf(a.compose(get(LinearLayout::identity1D(8, "dim1", "x"))))
                .find("not an input"),
            std::string::npos);
}

TEST(LinearLayout, InverseComposesToIdentity) {
  std::mt19937 rng(3);
  for (int iter = 0; iter < 20; ++iter) {
    LinearLayout l = randomBijection(rng, kHw, kTensor);
    LinearLayout inv = get(l.invert());
    LinearLayout there = get(l.compose(inv));
    LinearLayout back = get(inv.compose(l));
    forEachInput(l, [&](llvm::ArrayRef<int32_t> x) {
      EXPECT_EQ(there.apply(x), Basis(x.begin(), x.end()));
    });
    forEachInput(inv, [&](llvm::ArrayRef<int32_t> y) {
      EXPECT_EQ(back.apply(y), Basis(y.begin(), y.end()));
    });
    EXPECT_EQ(get(inv.invert()), l);
  }
  LinearLayout notInvertible = get(LinearLayout::zeros1D(4, "lane", "dim0", 4));
  EXPECT_NE(errorOf(notInvertible.invert()).find("not bijective"), std::string::npos);
}

TEST(LinearLayout, PseudoinverseOfSurjection) {
  std::mt19937 rng(4);
  int tested = 0;
  while (tested < 20) {
    // 6 input bits onto 4 output bits: usually surjective.
    LinearLayout l = randomLayout(rng, kHw, {{"dim0", 4}, {"dim1", 4}});
    if (!l.isSurjective()) {
      EXPECT_TRUE(fails(l.pseudoinvert()));
      continue;
    }
    ++tested;
    LinearLayout r = get(l.pseudoinvert());
    forEachInput(r, [&](llvm::ArrayRef<int32_t> y) {
      EXPECT_EQ(l.apply(r.apply(y)), Basis(y.begin(), y.end()));
    });
    // The chosen preimages avoid free variables.
    auto masks = l.getFreeVariableMasks();
    for (unsigned i = 0; i < masks.size(); ++i)
      for (auto &b : r.getBases(r.getInDimNames()[0]))
        EXPECT_EQ(b[i] & masks[i].second, 0);
  }
}

TEST(LinearLayout, InvertAndComposeFindsAConversion) {
  std::mt19937 rng(5);
  for (int iter = 0; iter < 20; ++iter) {
    LinearLayout a = randomLayout(rng, kHw, kTensor);
    LinearLayout b = randomBijection(rng, kHw, kTensor);
    LinearLayout c = get(a.invertAndCompose(b));
    EXPECT_EQ(c.getOutDimNames(), b.getInDimNames());
    forEachInput(a, [&](llvm::ArrayRef<int32_t> x) {
      EXPECT_EQ(b.apply(c.apply(x)), a.apply(x));
    });
    // Against itself, a bijection converts to the identity.
    LinearLayout self = get(b.invertAndCompose(b));
    forEachInput(b, [&](llvm::ArrayRef<int32_t> x) {
      EXPECT_EQ(self.apply(x), Basis(x.begin(), x.end()));
    });
  }
  // A target that never reaches dim1 cannot hold what `a` maps to it.
  LinearLayout a = get(LinearLayout::fromBases({{"lane", {{0, 1}}}},
                                               {{"dim0", 2}, {"dim1", 2}}));
  LinearLayout b = get(LinearLayout::fromBases({{"lane", {{1, 0}}}},
                                               {{"dim0", 2}, {"dim1", 2}}));
  EXPECT_NE(errorOf(a.invertAndCompose(b)).find("not reached"), std::string::npos);
}

TEST(LinearLayout, InvertAndComposeWithBroadcastTarget) {
  // The target holds every element twice (lane bit 0 is a copy): the
  // conversion picks the copy with the free bit 0.
  LinearLayout target = get(LinearLayout::fromBases(
      {{"register", {{1}}}, {"lane", {{0}, {2}}}}, {{"dim0", 4}}));
  LinearLayout src = get(LinearLayout::identity1D(4, "lane", "dim0"));
  LinearLayout c = get(src.invertAndCompose(target));
  for (int32_t l = 0; l < 4; ++l) {
    Basis hw = c.apply({l});
    EXPECT_EQ(target.apply(hw), Basis{l});
    EXPECT_EQ(hw[1] & 1, 0);
  }
}

TEST(LinearLayout, TransposeOuts) {
  std::mt19937 rng(6);
  LinearLayout l = randomLayout(rng, kHw, {{"dim0", 8}, {"dim1", 4}, {"dim2", 2}});
  LinearLayout t = get(l.transposeOuts({"dim2", "dim0", "dim1"}));
  forEachInput(l, [&](llvm::ArrayRef<int32_t> x) {
    Basis a = l.apply(x), b = t.apply(x);
    EXPECT_EQ(b, (Basis{a[2], a[0], a[1]}));
  });
  EXPECT_EQ(get(t.transposeOuts({"dim0", "dim1", "dim2"})), l);
  EXPECT_TRUE(fails(l.transposeOuts({"dim0", "dim1"})));
  EXPECT_TRUE(fails(l.transposeOuts({"dim0", "dim0", "dim1"})));
  LinearLayout ti = get(l.transposeIns({"warp", "register", "lane"}));
  EXPECT_EQ(ti.apply({1, 2, 3}), l.apply({2, 3, 1}));
}

TEST(LinearLayout, ReshapeOutsIsRowMajor) {
  std::mt19937 rng(7);
  LinearLayout l = randomLayout(rng, kHw, {{"dim0", 4}, {"dim1", 8}});
  LinearLayout flat = get(l.flattenOuts("offset"));
  EXPECT_EQ(flat.getOutDimSize("offset"), 32);
  forEachInput(l, [&](llvm::ArrayRef<int32_t> x) {
    Basis a = l.apply(x);
    EXPECT_EQ(flat.apply(x), Basis{a[0] * 8 + a[1]});
  });
  LinearLayout back = get(flat.reshapeOuts({{"dim0", 4}, {"dim1", 8}}));
  EXPECT_EQ(back, l);
  LinearLayout other = get(l.reshapeOuts({{"a", 2}, {"b", 16}}));
  forEachInput(l, [&](llvm::ArrayRef<int32_t> x) {
    Basis a = l.apply(x);
    int32_t f = a[0] * 8 + a[1];
    EXPECT_EQ(other.apply(x), (Basis{f / 16, f % 16}));
  });
  EXPECT_NE(errorOf(l.reshapeOuts({{"a", 4}})).find("differs"), std::string::npos);
}

TEST(LinearLayout, ReshapeInsIsRowMajor) {
  std::mt19937 rng(8);
  LinearLayout l = randomLayout(rng, {{"a", 4}, {"b", 8}}, kTensor);
  LinearLayout flat = get(l.reshapeIns({{"t", 32}}));
  for (int32_t a = 0; a < 4; ++a)
    for (int32_t b = 0; b < 8; ++b)
      EXPECT_EQ(flat.apply({a * 8 + b}), l.apply({a, b}));
  EXPECT_EQ(get(flat.reshapeIns({{"a", 4}, {"b", 8}})), l);
}

TEST(LinearLayout, RemoveOutDimAndSublayout) {
  std::mt19937 rng(9);
  LinearLayout l = randomLayout(rng, kHw, {{"dim0", 8}, {"dim1", 4}, {"dim2", 2}});
  LinearLayout r = get(l.removeOutDim("dim1"));
  forEachInput(l, [&](llvm::ArrayRef<int32_t> x) {
    Basis a = l.apply(x);
    EXPECT_EQ(r.apply(x), (Basis{a[0], a[2]}));
  });
  LinearLayout s = get(l.sublayout({"lane", "register"}, {"dim2", "dim0"}));
  EXPECT_EQ(s.getInDimNames(), (llvm::SmallVector<llvm::StringRef>{"register", "lane"}));
  EXPECT_EQ(s.getOutDimNames(), (llvm::SmallVector<llvm::StringRef>{"dim0", "dim2"}));
  forEachInput(s, [&](llvm::ArrayRef<int32_t> x) {
    Basis a = l.apply({x[0], x[1], 0});
    EXPECT_EQ(s.apply(x), (Basis{a[0], a[2]}));
  });
  EXPECT_TRUE(fails(l.removeOutDim("dim7")));
  EXPECT_TRUE(fails(l.sublayout({"block"}, {})));
  LinearLayout renamed = get(l.renameOutDim("dim2", "z"));
  EXPECT_TRUE(renamed.hasOutDim("z"));
  EXPECT_TRUE(fails(l.renameOutDim("dim2", "dim0")));
}

TEST(LinearLayout, InjectivitySurjectivityAndFreeVariables) {
  // register bit 1 repeats register bit 0; lane bit 1 is 0 (a copy).
  LinearLayout l = get(LinearLayout::fromBases(
      {{"register", {{1}, {1}}}, {"lane", {{2}, {0}}}}, {{"dim0", 4}}));
  EXPECT_EQ(l.getRank(), 2u);
  EXPECT_TRUE(l.isSurjective());
  EXPECT_FALSE(l.isInjective());
  auto free = l.getFreeVariableMasks();
  EXPECT_EQ(free[0], (std::pair<std::string, uint32_t>{"register", 0x2}));
  EXPECT_EQ(free[1], (std::pair<std::string, uint32_t>{"lane", 0x2}));
  auto zero = l.getZeroBasesMasks();
  EXPECT_EQ(zero[0].second, 0u);
  EXPECT_EQ(zero[1].second, 0x2u);
  LinearLayout removed = l.removeZeroBases("lane");
  EXPECT_EQ(removed.getInDimSize("lane"), 2);
}

TEST(LinearLayout, ConsecutiveElementsPerThread) {
  // registers: 1, 2 along dim1 then 1 along dim0: a run of 4.
  LinearLayout l = get(LinearLayout::fromBases(
      {{"register", {{0, 1}, {0, 2}, {1, 0}}}, {"lane", {{0, 4}}}},
      {{"dim0", 2}, {"dim1", 8}}));
  EXPECT_EQ(l.getNumConsecutiveInOut(), 4);
  EXPECT_EQ(l.getNumConsecutiveInOut("register", "dim0"), 1);
  EXPECT_EQ(l.getNumConsecutiveInOut("lane", "dim1"), 1);
  EXPECT_EQ(l.getNumConsecutiveInOut("warp"), 1);
}

TEST(LinearLayout, EqualityAndStr) {
  LinearLayout a = get(LinearLayout::identity1D(4, "lane", "dim0"));
  LinearLayout b = get(LinearLayout::identity1D(4, "lane", "dim0"));
  LinearLayout c = get(LinearLayout::identity1D(4, "lane", "dim1"));
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  std::string s = a.str();
  EXPECT_NE(s.find("lane (4): [(1), (2)]"), std::string::npos) << s;
  EXPECT_NE(s.find("-> dim0 (4)"), std::string::npos) << s;
  EXPECT_EQ(LinearLayout().getTotalInDimSize(), 1);
}
