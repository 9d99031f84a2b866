//===- TestProblems.cpp - Named test kernels with float64 references ------===//
#include "trident/Tools/TestProblems.h"

#include "trident/Support/Guard.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <unistd.h>

using namespace llvm;

namespace trident::testing {

uint16_t toBF16(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  if (std::isnan(f))
    return 0x7fc0;
  u += 0x7fff + ((u >> 16) & 1); // round to nearest even
  return static_cast<uint16_t>(u >> 16);
}

float fromBF16(uint16_t h) {
  uint32_t u = static_cast<uint32_t>(h) << 16;
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

uint16_t toF16(float f) {
  _Float16 h = static_cast<_Float16>(f);
  uint16_t u;
  std::memcpy(&u, &h, 2);
  return u;
}

float fromF16(uint16_t u) {
  _Float16 h;
  std::memcpy(&h, &u, 2);
  return static_cast<float>(h);
}

double roundTo(double v, Elt elt) {
  switch (elt) {
  case Elt::F32:
    return static_cast<float>(v);
  case Elt::F16:
    return fromF16(toF16(static_cast<float>(v)));
  case Elt::BF16:
    return fromBF16(toBF16(static_cast<float>(v)));
  case Elt::I32:
    return static_cast<int32_t>(v);
  }
  return v;
}

size_t eltBytes(Elt elt) {
  return elt == Elt::F16 || elt == Elt::BF16 ? 2 : 4;
}

std::vector<char> Tensor::pack() const {
  std::vector<char> out(bytes());
  for (size_t i = 0; i < values.size(); ++i) {
    float f = static_cast<float>(values[i]);
    switch (elt) {
    case Elt::F32:
      std::memcpy(&out[i * 4], &f, 4);
      break;
    case Elt::I32: {
      int32_t v = static_cast<int32_t>(values[i]);
      std::memcpy(&out[i * 4], &v, 4);
      break;
    }
    case Elt::F16: {
      uint16_t h = toF16(f);
      std::memcpy(&out[i * 2], &h, 2);
      break;
    }
    case Elt::BF16: {
      uint16_t h = toBF16(f);
      std::memcpy(&out[i * 2], &h, 2);
      break;
    }
    }
  }
  return out;
}

void Tensor::unpack(const char *in) {
  for (size_t i = 0; i < values.size(); ++i) {
    switch (elt) {
    case Elt::F32: {
      float f;
      std::memcpy(&f, &in[i * 4], 4);
      values[i] = f;
      break;
    }
    case Elt::I32: {
      int32_t v;
      std::memcpy(&v, &in[i * 4], 4);
      values[i] = v;
      break;
    }
    case Elt::F16: {
      uint16_t h;
      std::memcpy(&h, &in[i * 2], 2);
      values[i] = fromF16(h);
      break;
    }
    case Elt::BF16: {
      uint16_t h;
      std::memcpy(&h, &in[i * 2], 2);
      values[i] = fromBF16(h);
      break;
    }
    }
  }
}

double Random::next(double lo, double hi, Elt elt) {
  double u = std::uniform_real_distribution<double>(lo, hi)(gen);
  if (elt == Elt::I32)
    return std::floor(u);
  return roundTo(u, elt);
}

Tensor Random::tensor(StringRef name, size_t n, double lo, double hi, Elt elt) {
  Tensor t{name.str(), elt, std::vector<double>(n), false};
  for (double &v : t.values)
    v = next(lo, hi, elt);
  return t;
}

namespace {

Tensor outputTensor(StringRef name, size_t n, Elt elt = Elt::F32) {
  return Tensor{name.str(), elt,
                std::vector<double>(n, std::numeric_limits<double>::quiet_NaN()),
                true};
}

Arg ptr(size_t t) { return Arg{Arg::Pointer, t}; }
Arg i32(int64_t v) { return Arg{Arg::I32, 0, static_cast<int32_t>(v)}; }
Arg f32(float v) { return Arg{Arg::F32, 0, 0, v}; }
Arg tensorMap(size_t t, std::vector<uint64_t> dims) {
  return Arg{Arg::TensorMap, t, 0, 0, std::move(dims)};
}

Expected<Elt> parseElt(StringRef s) {
  if (s == "f32" || s == "fp32")
    return Elt::F32;
  if (s == "bf16")
    return Elt::BF16;
  return createStringError("unknown element type '" + s +
                           "' (expected f32 or bf16)");
}

/// (x - mean) / sqrt(var + eps) * w + b for one row, in float64.
void layerNormRow(const double *x, const double *w, const double *b, size_t c,
                  double eps, double *out) {
  double mean = 0, var = 0;
  for (size_t j = 0; j < c; ++j)
    mean += x[j];
  mean /= c;
  for (size_t j = 0; j < c; ++j)
    var += (x[j] - mean) * (x[j] - mean);
  var /= c;
  double inv = 1.0 / std::sqrt(var + eps);
  for (size_t j = 0; j < c; ++j)
    out[j] = (x[j] - mean) * inv * w[j] + b[j];
}

} // namespace

bool takesTensorMaps(StringRef kind) { return kind == "matmul_tma"; }

ArrayRef<StringRef> allProblems() {
  static const StringRef names[] = {
      "vector_add", "softmax",   "layer_norm", "layer_norm_f16",
      "cumsum",     "histogram", "matmul",     "matmul_tma"};
  return names;
}

Expected<std::array<unsigned, 3>> parseGrid(StringRef spec) {
  if (spec.empty())
    return createStringError("--grid X[,Y[,Z]] is required");
  SmallVector<StringRef> parts;
  spec.split(parts, ',');
  std::array<unsigned, 3> grid = {1, 1, 1};
  if (parts.size() > 3)
    return createStringError("--grid takes at most three numbers");
  for (size_t i = 0; i < parts.size(); ++i) {
    uint64_t v = 0;
    if (!to_integer(parts[i].trim(), v, 10) || v == 0 || v > kMaxElements)
      return createStringError("--grid: '" + parts[i] +
                               "' is not an integer from 1 to " +
                               Twine(kMaxElements) +
                               " (the range of the kernels' program ids)");
    grid[i] = static_cast<unsigned>(v);
  }
  return grid;
}

Error checkOption(StringRef option, int64_t value, int64_t lo, int64_t hi) {
  if (value >= lo && value <= hi)
    return Error::success();
  return createStringError("--" + option + " must be between " + Twine(lo) +
                           " and " + Twine(hi) + " (got " + Twine(value) +
                           ")");
}

namespace {

/// One tensor of a problem, for the checks: its elements, the options that
/// size it, and whether it is an output (with a float64 reference).
struct Extent {
  uint64_t elements;
  const char *options;
  bool output;
};

/// The tensors problem `kind` makes (as makeProblem does), with defaults.
std::vector<Extent> extentsOf(StringRef kind, const Sizes &s) {
  uint64_t n = s.n, r = s.rows, c = s.cols, m = s.m, k = s.k;
  if (kind == "vector_add")
    return {{n, "--n", false}, {n, "--n", false}, {n, "--n", true}};
  if (kind == "softmax")
    return {{r * c, "--rows x --cols", false}, {r * c, "--rows x --cols", true}};
  if (kind == "layer_norm" || kind == "layer_norm_f16")
    return {{r * c, "--rows x --cols", false},
            {c, "--cols", false},
            {c, "--cols", false},
            {r * c, "--rows x --cols", true},
            {r, "--rows", false},
            {r, "--rows", false}};
  if (kind == "cumsum")
    return {{n, "--n", false}, {n, "--n", true}};
  if (kind == "histogram")
    return {{n, "--n", false}, {c, "--cols", true}};
  if (kind == "matmul" || kind == "matmul_tma")
    return {{m * k, "--m x --k", false},
            {k * n, "--k x --n", false},
            {m * n, "--m x --n", true}};
  return {};
}

/// The elements of work a launch of problem `kind` shares among its
/// programs, and the options that size them.
std::pair<uint64_t, const char *> workOf(StringRef kind, const Sizes &s) {
  if (kind == "softmax" || kind == "layer_norm" || kind == "layer_norm_f16")
    return {uint64_t(s.rows) * s.cols, "--rows x --cols"};
  if (kind == "matmul" || kind == "matmul_tma")
    return {uint64_t(s.m) * s.n, "--m x --n"};
  return {s.n, "--n"};
}

uint64_t physicalMemory() {
  long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && size > 0 ? uint64_t(pages) * uint64_t(size) : 0;
}

std::string gib(double bytes) {
  return formatv("{0:f1} GiB", bytes / double(uint64_t(1) << 30)).str();
}

} // namespace

Sizes withDefaults(StringRef kind, Sizes s) {
  bool matmul = kind == "matmul" || kind == "matmul_tma";
  if (!s.n)
    s.n = matmul ? 512 : 1 << 20;
  if (!s.m)
    s.m = 512;
  if (!s.k)
    s.k = 512;
  if (!s.rows)
    s.rows = 1024;
  if (!s.cols)
    s.cols = 1024;
  return s;
}

Error checkSizes(StringRef kind, const Sizes &given) {
  Sizes s = withDefaults(kind, given);
  const std::pair<const char *, unsigned> options[] = {
      {"n", s.n}, {"m", s.m}, {"k", s.k}, {"rows", s.rows}, {"cols", s.cols}};
  for (const auto &[name, value] : options)
    if (Error err = checkOption(name, value, 1, kMaxElements))
      return err;
  uint64_t hostBytes = 0;
  for (const Extent &e : extentsOf(kind, s)) {
    if (e.elements > kMaxElements)
      return createStringError(
          Twine("--kernel ") + kind + ": " + e.options + " = " +
          Twine(e.elements) + " elements, more than " + Twine(kMaxElements) +
          " (the kernels index a tensor with i32 offsets)");
    // Values as doubles and packed (at most 4 bytes each), and a float64
    // reference for the output.
    hostBytes += e.elements * (8 + 4 + (e.output ? 8 : 0));
  }
  if (kind == "matmul" || kind == "matmul_tma") {
    uint64_t macs = uint64_t(s.m) * s.n * s.k;
    if (macs > kMaxReferenceMACs)
      return createStringError(
          Twine("--kernel ") + kind + ": --m x --n x --k = " + Twine(macs) +
          " multiply-adds for the float64 reference, more than " +
          Twine(kMaxReferenceMACs) + "; choose smaller sizes");
  }
  uint64_t memory = physicalMemory();
  if (memory && hostBytes > memory)
    return createStringError(Twine("--kernel ") + kind + ": these sizes need " +
                             gib(double(hostBytes)) +
                             " of host memory, more than this machine's " +
                             gib(double(memory)));
  return Error::success();
}

Error checkGrid(StringRef kind, const Sizes &given,
                const std::array<unsigned, 3> &grid, uint64_t tile) {
  Sizes s = withDefaults(kind, given);
  auto [work, options] = workOf(kind, s);
  uint64_t programs = uint64_t(grid[0]) * grid[1] * grid[2];
  if (programs > work)
    return createStringError(
        "--grid " + Twine(grid[0]) + "," + Twine(grid[1]) + "," +
        Twine(grid[2]) + " launches " + Twine(programs) + " programs, but " +
        kind + " has " + Twine(work) + " elements of work (" + options +
        "): at most " + Twine(work) +
        " programs, or the programs' offsets run past the problem");
  if (!tile)
    return Error::success();
  static const char *axes[] = {"x", "y", "z"};
  uint64_t limit = (kMaxElements + 1) / tile;
  for (int d = 0; d < 3; ++d)
    if (grid[d] > limit)
      return createStringError(
          "--grid: " + Twine(grid[d]) + " programs along " + axes[d] +
          " with tiles of " + Twine(tile) + " elements reach offset " +
          Twine(uint64_t(grid[d]) * tile) +
          ", beyond the kernel's i32 index range: at most " + Twine(limit) +
          " programs along " + axes[d]);
  return Error::success();
}

std::string listNames(ArrayRef<StringRef> names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0)
      out += i + 1 == names.size() ? " or " : ", ";
    out += names[i].str();
  }
  return out;
}

namespace {
Expected<Problem> buildProblem(StringRef kind, const Sizes &sizes, Random &rng);
} // namespace

Expected<Problem> makeProblem(StringRef kind, const Sizes &given, Random &rng,
                              ArrayRef<StringRef> offered) {
  if (!llvm::is_contained(offered, kind) ||
      !llvm::is_contained(allProblems(), kind))
    return createStringError("unknown --kernel '" + kind + "' (expected " +
                             listNames(offered) + ")");
  if (Error err = checkSizes(kind, given))
    return std::move(err);
  Sizes sizes = withDefaults(kind, given);
  // The sizes fit the machine; an allocation can still fail (a memory
  // limit, other processes): an error, not an abort.
  std::optional<Expected<Problem>> problem;
  GuardFailure failure;
  if (!runGuarded([&] { problem.emplace(buildProblem(kind, sizes, rng)); },
                  &failure))
    return createStringError(Twine("--kernel ") + kind +
                             ": building the problem's inputs and reference "
                             "failed: " +
                             failure.summary());
  return std::move(*problem);
}

namespace {

Expected<Problem> buildProblem(StringRef kind, const Sizes &sizes,
                               Random &rng) {
  Problem p;
  if (kind == "vector_add") {
    size_t n = sizes.n;
    p.tensors = {rng.tensor("x", n, -1, 1), rng.tensor("y", n, -1, 1),
                 outputTensor("out", n)};
    p.args = {ptr(0), ptr(1), ptr(2), i32(n)};
    p.output = 2;
    p.reference.resize(n);
    for (size_t i = 0; i < n; ++i)
      p.reference[i] = p.tensors[0].values[i] + p.tensors[1].values[i];
    p.bytes = 12.0 * n;
    return p;
  }
  if (kind == "softmax" || kind == "layer_norm") {
    size_t r = sizes.rows, c = sizes.cols;
    bool ln = kind == "layer_norm";
    p.tensors.push_back(rng.tensor("x", r * c, -2, 2));
    if (ln) {
      p.tensors.push_back(rng.tensor("weight", c, 0.5, 1.5));
      p.tensors.push_back(rng.tensor("bias", c, -0.5, 0.5));
    }
    p.tensors.push_back(outputTensor("out", r * c));
    p.output = p.tensors.size() - 1;
    for (size_t t = 0; t < p.tensors.size(); ++t)
      p.args.push_back(ptr(t));
    const float eps = 1e-5f;
    p.args.insert(p.args.end(), {i32(r), i32(c), i32(c), i32(c)});
    if (ln)
      p.args.push_back(f32(eps));
    p.reference.resize(r * c);
    const std::vector<double> &x = p.tensors[0].values;
    for (size_t i = 0; i < r; ++i) {
      const double *row = &x[i * c];
      double *out = &p.reference[i * c];
      if (ln) {
        layerNormRow(row, p.tensors[1].values.data(),
                     p.tensors[2].values.data(), c, eps, out);
        continue;
      }
      double mx = -INFINITY, sum = 0;
      for (size_t j = 0; j < c; ++j)
        mx = std::max(mx, row[j]);
      for (size_t j = 0; j < c; ++j)
        sum += std::exp(row[j] - mx);
      for (size_t j = 0; j < c; ++j)
        out[j] = std::exp(row[j] - mx) / sum;
    }
    p.bytes = 8.0 * r * c;
    return p;
  }
  if (kind == "layer_norm_f16") {
    size_t r = sizes.rows, c = sizes.cols;
    const float eps = 1e-5f;
    p.tensors = {rng.tensor("x", r * c, -2, 2, Elt::F16),
                 outputTensor("y", r * c, Elt::F16),
                 rng.tensor("weight", c, 0.5, 1.5, Elt::F16),
                 rng.tensor("bias", c, -0.5, 0.5, Elt::F16),
                 outputTensor("mean", r), outputTensor("rstd", r)};
    p.args = {ptr(0), ptr(1), ptr(2), ptr(3), ptr(4),
              ptr(5), i32(c), i32(c), f32(eps)};
    p.output = 1;
    p.tolerance = 1e-2;
    p.reference.resize(r * c);
    for (size_t i = 0; i < r; ++i)
      layerNormRow(&p.tensors[0].values[i * c], p.tensors[2].values.data(),
                   p.tensors[3].values.data(), c, eps, &p.reference[i * c]);
    p.bytes = 4.0 * r * c;
    return p;
  }
  if (kind == "cumsum") {
    // Inclusive prefix sums within blocks of 1024 elements.
    size_t n = sizes.n;
    p.tensors = {rng.tensor("x", n, -1, 1), outputTensor("out", n)};
    p.args = {ptr(0), ptr(1), i32(n)};
    p.output = 1;
    p.reference.resize(n);
    double run = 0;
    for (size_t i = 0; i < n; ++i) {
      run = (i % 1024 == 0 ? 0.0 : run) + p.tensors[0].values[i];
      p.reference[i] = run;
    }
    p.bytes = 8.0 * n;
    return p;
  }
  if (kind == "histogram") {
    // Integer values, some outside [0, bins); bins start at zero and must
    // end with exactly the float64 counts.
    size_t n = sizes.n, bins = sizes.cols;
    p.tensors = {rng.tensor("x", n, -4, double(bins) + 4, Elt::I32),
                 Tensor{"bins", Elt::I32, std::vector<double>(bins, 0.0), true}};
    p.args = {ptr(0), ptr(1), i32(n), i32(bins)};
    p.output = 1;
    p.tolerance = 0;
    p.reference.assign(bins, 0.0);
    for (double v : p.tensors[0].values)
      if (v >= 0 && v < double(bins))
        p.reference[static_cast<size_t>(v)] += 1;
    p.bytes = 4.0 * n;
    return p;
  }
  if (kind == "matmul" || kind == "matmul_tma") {
    Expected<Elt> in = parseElt(sizes.dtype);
    if (!in)
      return in.takeError();
    Expected<Elt> out =
        parseElt(sizes.outDtype.empty() ? sizes.dtype : sizes.outDtype);
    if (!out)
      return out.takeError();
    size_t m = sizes.m, n = sizes.n, k = sizes.k;
    p.tensors = {rng.tensor("a", m * k, -1, 1, *in),
                 rng.tensor("b", k * n, -1, 1, *in),
                 outputTensor("c", m * n, *out)};
    if (kind == "matmul_tma")
      p.args = {tensorMap(0, {m, k}), tensorMap(1, {k, n}),
                tensorMap(2, {m, n}), i32(m), i32(n), i32(k)};
    else if (sizes.transB)
      p.args = {ptr(0), ptr(1), ptr(2), i32(m), i32(n), i32(k),
                i32(k), i32(1), i32(1), i32(k), i32(n), i32(1)};
    else
      p.args = {ptr(0), ptr(1), ptr(2), i32(m), i32(n), i32(k),
                i32(k), i32(1), i32(n), i32(1), i32(n), i32(1)};
    if (sizes.transB && kind == "matmul_tma")
      return createStringError("--trans-b: the TMA matmul takes row-major b");
    p.output = 2;
    if (*in == Elt::BF16 || *out == Elt::BF16)
      p.tolerance = 1e-2;
    p.reference.assign(m * n, 0.0);
    const std::vector<double> &a = p.tensors[0].values, &b = p.tensors[1].values;
    for (size_t i = 0; i < m; ++i)
      for (size_t kk = 0; kk < k; ++kk) {
        double av = a[i * k + kk];
        for (size_t j = 0; j < n; ++j)
          p.reference[i * n + j] +=
              av * (sizes.transB ? b[j * k + kk] : b[kk * n + j]);
      }
    p.flops = 2.0 * m * n * k;
    p.bytes = double(p.tensors[0].bytes() + p.tensors[1].bytes()) +
              double(m * n * eltBytes(*out));
    return p;
  }
  llvm_unreachable("a name in allProblems() that makeProblem does not make");
}

} // namespace

CheckResult check(const Problem &problem) {
  CheckResult r;
  const Tensor &out = problem.tensors[problem.output];
  double maxRef = 0;
  for (size_t i = 0; i < out.values.size(); ++i) {
    maxRef = std::max(maxRef, std::fabs(problem.reference[i]));
    double v = out.values[i];
    if (std::isnan(v) || std::isinf(v)) {
      ++r.unwritten;
      continue;
    }
    double err = std::fabs(v - problem.reference[i]);
    if (err > r.maxAbsError) {
      r.maxAbsError = err;
      r.worst = i;
    }
  }
  r.maxRelError = maxRef > 0 ? r.maxAbsError / maxRef : r.maxAbsError;
  if (!out.values.empty()) {
    r.got = out.values[r.worst];
    r.want = problem.reference[r.worst];
  }
  r.pass = r.unwritten == 0 && r.maxRelError <= problem.tolerance;
  return r;
}

void printCheck(raw_ostream &os, const Problem &problem, const CheckResult &r) {
  os << formatv("max abs error {0:e3} (at {1}: got {2}, want {3}); max "
                "relative error {4:e3} (tolerance {5:e0})\n",
                r.maxAbsError, r.worst, r.got, r.want, r.maxRelError,
                problem.tolerance);
  if (r.unwritten)
    os << r.unwritten << " of " << problem.tensors[problem.output].values.size()
       << " outputs are NaN or infinite (never written, or wrong)\n";
}

} // namespace trident::testing
