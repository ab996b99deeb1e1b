#include "gpuwhy/model/result_codec.h"

#include <concepts>
#include <cstdint>
#include <map>
#include <optional>
#include <type_traits>
#include <vector>

#include "gpuwhy/base/error.h"

namespace gpuwhy {

namespace {

// Each struct's fields, listed once: `io` is a Writer over a const value or a Reader over one
// being filled. A field left out of a list is lost on the way; the sizes below stop a field
// being added to result.h without a look here (on the one ABI they are written for).
#if defined(__GLIBCXX__) && defined(__x86_64__) && !defined(_GLIBCXX_DEBUG)
static_assert(sizeof(Msg) == 88 && sizeof(Need) == 40 && sizeof(Compared) == 96 && sizeof(Outcome) == 592 &&
                  sizeof(CheckResult) == 640 && sizeof(RunMeta) == 248 && sizeof(Finding) == 144 &&
                  sizeof(Integrity) == 96 && sizeof(RunResult) == 368,
              "a field was added to result.h: add it to its list in result_codec.cpp, then update these sizes");
#endif

template <class T, class U>
concept Of = std::same_as<std::remove_const_t<T>, U>;

template <class Io, Of<Msg> T>
void fields(Io& io, T& m) {
  io(m.id), io(m.args), io(m.of_lab);
}
template <class Io, Of<Need> T>
void fields(Io& io, T& n) {
  io(n.kind), io(n.name);
}
template <class Io, Of<Compared> T>
void fields(Io& io, T& c) {
  io(c.answer), io(c.live), io(c.answer_count), io(c.live_count);
}
template <class Io, Of<Outcome> T>
void fields(Io& io, T& o) {
  io(o.status), io(o.expected), io(o.actual), io(o.hint), io(o.evidence), io(o.env_cause), io(o.env_need);
  io(o.caused_by), io(o.unmet), io(o.fault), io(o.compared);
}
template <class Io, Of<CheckResult> T>
void fields(Io& io, T& c) {
  io(c.id), io(c.step), io(c.points), io(c.score), io(c.outcome);
}
template <class Io, Of<RunMeta> T>
void fields(Io& io, T& m) {
  io(m.gpuwhy_version), io(m.lab_id), io(m.generated_at), io(m.taken_at), io(m.server_version), io(m.source);
  io(m.lang), io(m.warnings);
}
template <class Io, Of<Finding> T>
void fields(Io& io, T& f) {
  io(f.id), io(f.text), io(f.objects);
}
template <class Io, Of<Integrity> T>
void fields(Io& io, T& in) {
  io(in.checked), io(in.findings), io(in.same_cluster_as), io(in.same_cluster_count), io(in.same_bundle_as);
  io(in.same_bundle_count);
}
template <class Io, Of<RunResult> T>
void fields(Io& io, T& r) {
  io(r.meta), io(r.checks), io(r.integrity);
}

// Numbers as LEB128 varints (signed ones zigzagged), texts and lists as a count and their items.
void put(std::uint64_t v, std::string& out) {
  while (v >= 0x80) {
    out.push_back(static_cast<char>((v & 0x7f) | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<char>(v));
}

[[noreturn]] void truncated() {
  throw Error(ErrorKind::kParse, "a kept batch row is cut short or damaged");
}

std::uint64_t get(std::string_view& in) {
  std::uint64_t v = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    if (in.empty()) truncated();
    const auto b = static_cast<unsigned char>(in.front());
    in.remove_prefix(1);
    v |= static_cast<std::uint64_t>(b & 0x7f) << shift;
    if ((b & 0x80) == 0) return v;
  }
  truncated();
}

std::uint64_t zig(std::int64_t v) {
  return (static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63);
}
std::int64_t zag(std::uint64_t v) {
  return static_cast<std::int64_t>(v >> 1) ^ -static_cast<std::int64_t>(v & 1);
}

struct Writer {
  std::string& out;

  void operator()(std::string_view s) const {
    put(s.size(), out);
    out.append(s);
  }
  void operator()(const std::string& s) const { (*this)(std::string_view(s)); }
  template <std::integral I>
  void operator()(I v) const {
    if constexpr (std::is_signed_v<I>) {
      put(zig(v), out);
    } else {
      put(v, out);
    }
  }
  template <class E>
  requires std::is_enum_v<E>
  void operator()(E e) const { (*this)(static_cast<std::underlying_type_t<E>>(e)); }
  template <class T>
  void operator()(const std::optional<T>& o) const {
    (*this)(o.has_value());
    if (o) (*this)(*o);
  }
  template <class T>
  void operator()(const std::vector<T>& v) const {
    put(v.size(), out);
    for (const T& x : v) (*this)(x);
  }
  void operator()(const std::map<std::string, std::string>& m) const {
    put(m.size(), out);
    for (const auto& [k, v] : m) (*this)(k), (*this)(v);
  }
  template <class T>
  requires requires(const Writer& w, const T& t) { fields(w, t); }
  void operator()(const T& t) const { fields(*this, t); }
};

struct Reader {
  std::string_view& in;

  std::size_t count() const {
    const std::uint64_t n = get(in);
    // Every item takes at least a byte: a count beyond what is left is damage, not a size to reserve.
    if (n > in.size()) truncated();
    return static_cast<std::size_t>(n);
  }
  void operator()(std::string& s) const {
    const std::size_t n = count();
    s.assign(in.substr(0, n));
    in.remove_prefix(n);
  }
  void operator()(bool& b) const {
    const std::uint64_t v = get(in);
    if (v > 1) truncated();
    b = v == 1;
  }
  template <std::integral I>
  void operator()(I& v) const {
    if constexpr (std::is_signed_v<I>) {
      v = static_cast<I>(zag(get(in)));
    } else {
      v = static_cast<I>(get(in));
    }
  }
  template <class E>
  requires std::is_enum_v<E>
  void operator()(E& e) const {
    std::underlying_type_t<E> v{};
    (*this)(v);
    e = static_cast<E>(v);
  }
  template <class T>
  void operator()(std::optional<T>& o) const {
    bool has = false;
    (*this)(has);
    o.reset();
    if (has) (*this)(o.emplace());
  }
  template <class T>
  void operator()(std::vector<T>& v) const {
    const std::size_t n = count();
    v.clear();
    v.reserve(n);
    for (std::size_t i = 0; i < n; ++i) (*this)(v.emplace_back());
  }
  void operator()(std::map<std::string, std::string>& m) const {
    const std::size_t n = count();
    m.clear();
    for (std::size_t i = 0; i < n; ++i) {
      std::string k;
      std::string v;
      (*this)(k), (*this)(v);
      m.emplace_hint(m.end(), std::move(k), std::move(v));
    }
  }
  template <class T>
  requires requires(const Reader& r, T& t) { fields(r, t); }
  void operator()(T& t) const { fields(*this, t); }
};

}  // namespace

void encode(const RunResult& run, std::string& out) {
  Writer{out}(run);
}
RunResult decode_run(std::string_view& bytes) {
  RunResult r;
  Reader{bytes}(r);
  return r;
}

void encode_text(std::string_view text, std::string& out) {
  Writer{out}(text);
}
void encode_flag(bool value, std::string& out) {
  Writer{out}(value);
}
std::string decode_text(std::string_view& bytes) {
  std::string s;
  Reader{bytes}(s);
  return s;
}
bool decode_flag(std::string_view& bytes) {
  bool b = false;
  Reader{bytes}(b);
  return b;
}

}  // namespace gpuwhy
