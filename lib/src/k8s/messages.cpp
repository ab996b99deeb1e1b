// Scheduler and apiserver message matchers (see messages.h and docs/kubernetes-facts.md §1-§2).
#include "gpuwhy/k8s/messages.h"

#include <algorithm>
#include <cctype>
#include <map>

#include "gpuwhy/base/text.h"

namespace gpuwhy::messages {

std::string status_message(const nlohmann::json& body, std::size_t dump_max) {
  if (body.is_object() && body.contains("message") && body["message"].is_string()) {
    // Cut before any work: the text is the server's, of any length.
    return text::ellipsize(body["message"].get_ref<const std::string&>(), kMaxStatusMessage);
  }
  if (dump_max == 0 || body.is_null()) return "";
  return text::ellipsize(body.dump(), dump_max);
}

namespace {

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

bool contains(std::string_view hay, std::string_view needle) {
  return hay.find(needle) != std::string_view::npos;
}

// Parses the decimal number that ends right before `end` (digits only); -1 when none.
int number_before(std::string_view s, std::size_t end, std::size_t* start) {
  std::size_t b = end;
  while (b > 0 && is_digit(s[b - 1])) --b;
  if (b == end || end - b > 6) return -1;
  *start = b;
  return std::stoi(std::string(s.substr(b, end - b)));
}

// `text` without spaces: phrases are compared this way, so that a word a terminal wrapped
// ("untoler ated") still matches.
std::string squash(std::string_view text) {
  // Written through a pointer into room for all of `text`, then cut: no capacity check a byte.
  std::string out(text.size(), '\0');
  char* o = out.data();
  for (char c : text) {
    if (c != ' ' && c != '\t' && c != '\n') *o++ = c;
  }
  out.resize(static_cast<std::size_t>(o - out.data()));
  return out;
}

// `rest` goes on a name after a dot: a `/` before the next blank (`com/gpu: present}`,
// `kubernetes.io/not-ready`).
bool wrapped_name(std::string_view rest) {
  for (const char c : rest) {
    if (c == '/') return true;
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') return false;
  }
  return false;
}

}  // namespace

std::string Reason::key(const TaintRef& own) const {
  switch (kind) {
    // The ≤1.34 wordings name the taint: another key than `own`'s is another reason (a shared
    // cluster's `dedicated` nodes); 1.35+ names none, and `own`'s key reads as that.
    case ReasonKind::kTaint: {
      const bool owns = !own.key.empty() && resource == own.key;
      if (resource.empty() || (owns && (value.empty() || value == own.value))) return "taint";
      return owns ? "taint:" + resource + "=" + value : "taint:" + resource;
    }
    case ReasonKind::kSelector: return "selector";
    case ReasonKind::kInsufficient: return "insufficient:" + resource;
    case ReasonKind::kOther: break;
  }
  return "other:" + text;
}

bool SchedulerMessage::blames_taint() const {
  return std::any_of(reasons.begin(), reasons.end(), [](const Reason& r) { return r.kind == ReasonKind::kTaint; });
}

bool SchedulerMessage::names_taint(std::string_view key) const {
  return std::any_of(reasons.begin(), reasons.end(),
                     [key](const Reason& r) { return r.kind == ReasonKind::kTaint && r.resource == key; });
}

bool SchedulerMessage::unnamed_taint() const {
  return std::any_of(reasons.begin(), reasons.end(),
                     [](const Reason& r) { return r.kind == ReasonKind::kTaint && r.resource.empty(); });
}

bool SchedulerMessage::blames_selector() const {
  return std::any_of(reasons.begin(), reasons.end(), [](const Reason& r) { return r.kind == ReasonKind::kSelector; });
}

bool SchedulerMessage::insufficient(std::string_view resource) const {
  return std::any_of(reasons.begin(), reasons.end(), [resource](const Reason& r) {
    return r.kind == ReasonKind::kInsufficient && r.resource == resource;
  });
}

bool holds_gated_condition(std::string_view text) {
  return text::to_lower_ascii(normalize(unquote(text))).find("blocked due to non-empty scheduling gates") !=
         std::string::npos;
}

std::string normalize(std::string_view in) {
  // Both passes write through a pointer into room for all of their input, then cut.
  std::string out(in.size(), '\0');
  char* o = out.data();
  bool space = false;
  bool wrapped = false;     // the blanks hold a line break
  bool only_breaks = true;  // ... and nothing else
  bool in_braces = false;   // a taint's name: `{key: value}`
  for (std::size_t i = 0; i < in.size(); ++i) {
    const char c = in[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
      space = true;
      wrapped = wrapped || c == '\n' || c == '\r';
      only_breaks = only_breaks && (c == '\n' || c == '\r');
      continue;
    }
    // A terminal that wrapped the line right before a `:`, `,` or `.` put the break there; the
    // message has no blank before one (`available\n: 3 Insufficient` is `available: 3 ...`).
    // Nor inside a name it wrapped right after a dot (`{nvidia.\ncom/gpu: present}`): a bare
    // break, then a word in lower case inside a taint's braces or holding a `/`; a sentence
    // after a period starts with none (`no new claims`, `preemption:`, `0/3 nodes`).
    const bool cut = wrapped && (c == ':' || c == ',' || c == '.' ||
                                 (only_breaks && o != out.data() && o[-1] == '.' && c >= 'a' && c <= 'z' &&
                                  (in_braces || wrapped_name(in.substr(i)))));
    if (c == '{' || c == '}') in_braces = c == '{';
    if (space && !cut && o != out.data()) *o++ = ' ';
    space = false;
    wrapped = false;
    only_breaks = true;
    *o++ = c;
  }
  out.resize(static_cast<std::size_t>(o - out.data()));
  // A doubled period ("scheduling..", k8s ≤1.29) becomes one; a real ellipsis is left alone.
  std::string res(out.size(), '\0');
  char* r = res.data();
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (out[i] == '.' && i + 1 < out.size() && out[i + 1] == '.' && (i == 0 || out[i - 1] != '.') &&
        (i + 2 == out.size() || out[i + 2] == ' ')) {
      *r++ = '.';
      ++i;
      continue;
    }
    *r++ = out[i];
  }
  res.resize(static_cast<std::size_t>(r - res.data()));
  return res;
}

Reason classify_reason(std::string_view entry) {
  Reason r;
  r.text = text::trim(entry);
  const std::string& t = r.text;
  const std::string q = squash(t);
  if (contains(q, "untoleratedtaint") || (contains(q, "hadtaint") && contains(q, "didn'ttolerate"))) {
    r.kind = ReasonKind::kTaint;
    // ≤1.34 forms name the taint: "{nvidia.com/gpu: present}".
    const auto open = q.find('{');
    const auto colon = q.find(':', open == std::string::npos ? 0 : open);
    if (open != std::string::npos && colon != std::string::npos && colon > open) {
      r.resource = q.substr(open + 1, colon - open - 1);
      const auto close = q.find('}', colon);
      if (close != std::string::npos) r.value = q.substr(colon + 1, close - colon - 1);
    }
  } else if (contains(q, "didn'tmatchPod'snodeaffinity") || contains(q, "didn'tmatchnodeselector") ||
             contains(q, "didn'tmatchPod'snodeselector")) {
    r.kind = ReasonKind::kSelector;
  } else if (q.rfind("Insufficient", 0) == 0 && q.size() > 12) {
    r.kind = ReasonKind::kInsufficient;
    r.resource = q.substr(12);
  }
  return r;
}

namespace {

// Parses the histogram of the message whose frame ("N/M nodes are available") ends at `pos`.
SchedulerMessage parse_at(const std::string& s, std::size_t avail_start, std::size_t frame_end, int avail, int total,
                          std::size_t* next) {
  SchedulerMessage m;
  m.available = avail;
  m.total = total;
  std::size_t body = frame_end;
  if (body < s.size() && s[body] == ':') ++body;
  while (body < s.size() && s[body] == ' ') ++body;
  // The histogram ends at the first period followed by a space or the end, or where a quoted
  // message closes (`."` of -o json, `.'` of -o yaml, a `"` without period); dots inside names
  // ("nvidia.com") are never followed by a space, and an apostrophe ("didn't") by a letter.
  std::size_t end = body;
  std::size_t tail = std::string::npos;
  for (; end < s.size(); ++end) {
    if (s[end] == '"') break;
    if (s[end] != '.') continue;
    const char n1 = end + 1 < s.size() ? s[end + 1] : ' ';
    const char n2 = end + 2 < s.size() ? s[end + 2] : ' ';
    if (n1 == ' ') tail = end + 2;
    if (n1 == ' ' || n1 == '"' || (n1 == '\'' && (n2 == ' ' || n2 == ','))) break;
  }
  if (tail != std::string::npos && tail >= s.size()) tail = std::string::npos;
  m.cut = end >= s.size() || (s[end] == '"' && (end == body || s[end - 1] != '.'));
  const std::string hist = s.substr(body, end - body);
  m.main = s.substr(avail_start, end - avail_start);
  // Entries are separated by ", " followed by a count; the ≤1.23 taint form has its own
  // ", that the pod didn't tolerate" which is not followed by a digit.
  std::size_t start = 0;
  for (std::size_t i = 0; i <= hist.size(); ++i) {
    const bool at_end = i == hist.size();
    const bool split = !at_end && hist.compare(i, 2, ", ") == 0 && i + 2 < hist.size() && is_digit(hist[i + 2]);
    if (!at_end && !split) continue;
    std::string_view entry = std::string_view(hist).substr(start, i - start);
    int count = -1;
    std::size_t k = 0;
    while (k < entry.size() && is_digit(entry[k])) ++k;
    if (k > 0 && k < entry.size() && entry[k] == ' ' && k <= 6) {
      count = std::stoi(std::string(entry.substr(0, k)));
      entry.remove_prefix(k + 1);
    }
    if (!text::blank(entry)) {
      Reason r = classify_reason(entry);
      r.count = count;
      m.reasons.push_back(std::move(r));
    }
    start = i + 2;
  }
  *next = end;
  if (tail != std::string::npos) {
    std::string_view rest = std::string_view(s).substr(tail);
    if (squash(rest.substr(0, 40)).rfind("nonewclaimstodeallocate", 0) == 0) {
      m.dra_tail = true;
      const auto comma = rest.find(',');
      rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
      while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    }
    if (squash(rest.substr(0, 20)).rfind("preemption:", 0) == 0) m.preemption_tail = true;
  }
  return m;
}

// A frame right after "preemption:" is the tail of the message before it, not a message.
bool in_preemption_tail(std::string_view squashed_before) {
  static constexpr std::string_view kTail = "preemption:";
  return squashed_before.size() >= kTail.size() &&
         squashed_before.substr(squashed_before.size() - kTail.size()) == kTail;
}

}  // namespace

std::vector<SchedulerMessage> parse_scheduler_messages(std::string_view raw) {
  const std::string s = normalize(unquote(raw));
  // The frame is found in the text without its spaces, so that a message a terminal wrapped
  // in the middle of a word ("nodes are avai" / "lable") is still found; `at` maps back.
  std::string t(s.size(), '\0');
  std::vector<std::size_t> at(s.size());
  std::size_t kept = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == ' ') continue;
    t[kept] = s[i];
    at[kept++] = i;
  }
  t.resize(kept);
  at.resize(kept);
  static constexpr std::string_view kFrame = "nodesareavailable";
  std::vector<SchedulerMessage> out;
  std::size_t consumed = 0;  // in s: where the last message's histogram ended
  for (std::size_t pos = t.find(kFrame); pos != std::string::npos; pos = t.find(kFrame, pos + kFrame.size())) {
    // "N/M" right before the phrase, read in s: digits of two words never merge into one.
    if (pos == 0) continue;
    std::size_t total_start = 0;
    const int total = number_before(s, at[pos - 1] + 1, &total_start);
    // A terminal may have wrapped the line at the `/` ("0/" / "3 nodes"): a space beside it.
    std::size_t slash = total_start;
    while (slash > 0 && s[slash - 1] == ' ') --slash;
    std::size_t avail_end = slash == 0 ? 0 : slash - 1;
    while (avail_end > 0 && s[avail_end - 1] == ' ') --avail_end;
    std::size_t avail_start = 0;
    const int avail = total < 0 || slash == 0 || s[slash - 1] != '/' ? -1 : number_before(s, avail_end, &avail_start);
    if (avail < 0 || avail_start < consumed) continue;
    std::string before = squash(
        std::string_view(s).substr(avail_start > 24 ? avail_start - 24 : 0, avail_start > 24 ? 24 : avail_start));
    if (in_preemption_tail(before)) continue;
    std::size_t next = 0;
    out.push_back(parse_at(s, avail_start, at[pos + kFrame.size() - 1] + 1, avail, total, &next));
    consumed = next;
  }
  return out;
}

std::optional<SchedulerMessage> parse_scheduler_message(std::string_view raw) {
  auto all = parse_scheduler_messages(raw);
  if (all.empty()) return std::nullopt;
  return std::move(all.front());
}

std::string unquote(std::string_view in) {
  // Never longer than `in`: written through a pointer into room for all of it, then cut.
  std::string out(in.size(), '\0');
  char* o = out.data();
  for (std::size_t i = 0; i < in.size(); ++i) {
    const char c = in[i];
    if (c == '\'' && i + 1 < in.size() && in[i + 1] == '\'') {  // YAML single-quoted: '' is '
      *o++ = '\'';
      ++i;
      continue;
    }
    if (c != '\\' || i + 1 == in.size()) {
      *o++ = c;
      continue;
    }
    const char n = in[i + 1];
    if (n == 'n' || n == 't' || n == 'r') {
      *o++ = ' ';
      ++i;
    } else if (n == '"' || n == '\\' || n == '/' || n == '\'') {
      *o++ = n;
      ++i;
    } else if (n == 'u' && i + 5 < in.size()) {
      unsigned v = 0;
      bool ok = true;
      for (std::size_t k = i + 2; k < i + 6; ++k) {
        const char h = in[k];
        v <<= 4U;
        if (h >= '0' && h <= '9') {
          v |= static_cast<unsigned>(h - '0');
        } else if (h >= 'a' && h <= 'f') {
          v |= static_cast<unsigned>(h - 'a' + 10);
        } else if (h >= 'A' && h <= 'F') {
          v |= static_cast<unsigned>(h - 'A' + 10);
        } else {
          ok = false;
        }
      }
      if (ok && v >= 0x20 && v < 0x80) {  // Go escapes <, >, & and quotes as \u00XX
        *o++ = static_cast<char>(v);
        i += 5;
      } else {
        *o++ = c;
      }
    } else {
      *o++ = c;
    }
  }
  out.resize(static_cast<std::size_t>(o - out.data()));
  return out;
}

bool same_reasons(const SchedulerMessage& a, const SchedulerMessage& b, const TaintRef& own) {
  if (a.total != b.total || a.available != b.available) return false;
  std::map<std::string, int> ca;
  std::map<std::string, int> cb;
  for (const auto& r : a.reasons) ca[r.key(own)] += r.count;
  for (const auto& r : b.reasons) cb[r.key(own)] += r.count;
  return ca == cb;
}

std::string describe_reasons(const SchedulerMessage& m) {
  std::string out;
  for (const auto& r : m.reasons) {
    if (!out.empty()) out += ", ";
    if (r.count >= 0) out += std::to_string(r.count) + " ";
    out += r.text;
  }
  return out;
}

std::string fit_error_text(int total, const std::map<std::string, int>& reasons,
                           const std::vector<std::string>& post_filter) {
  std::vector<std::string> parts;
  parts.reserve(reasons.size());
  for (const auto& [reason, n] : reasons) parts.push_back(std::to_string(n) + " " + reason);
  std::sort(parts.begin(), parts.end());  // sort.Strings over "<count> <reason>"
  std::string out = "0/" + std::to_string(total) + " nodes are available";
  for (std::size_t i = 0; i < parts.size(); ++i) out += (i == 0 ? ": " : ", ") + parts[i];
  out += ".";
  for (std::size_t i = 0; i < post_filter.size(); ++i) out += (i == 0 ? " " : ", ") + post_filter[i];
  return out;
}

std::string preemption_reason(std::string_view message) {
  return "preemption: " + std::string(message);
}

std::string preemption_text(std::string_view message) {
  const std::string s = normalize(message);
  static constexpr std::string_view kTail = "preemption: ";
  const auto at = s.find(kTail);
  return at == std::string::npos ? std::string() : s.substr(at + kTail.size());
}

// ---- apiserver ---------------------------------------------------------------------------

namespace {

bool is_field_start(std::string_view s, std::size_t i) {
  for (std::string_view p : {"spec.", "metadata.", "status."}) {
    if (s.compare(i, p.size(), p) == 0) {
      // A field path has no spaces and is followed by ": ".
      const auto sep = s.find(": ", i);
      const auto sp = s.find(' ', i);
      return sep != std::string_view::npos && sep < sp;
    }
  }
  return false;
}

}  // namespace

std::vector<Cause> causes_from_text(std::string_view in) {
  std::string t = text::trim(in);
  // Headers: `The Pod "x" is invalid: `, `Error from server (Invalid): error when creating
  // "f.yaml": Pod "x" is invalid: `, a Status message `Pod "x" is invalid: [...]`.
  static constexpr std::string_view kInvalid = "is invalid:";
  if (const auto p = t.rfind(kInvalid); p != std::string::npos)
    t = text::trim(std::string_view(t).substr(p + kInvalid.size()));
  if (t.rfind("* ", 0) == 0) t = text::trim(std::string_view(t).substr(2));
  if (!t.empty() && t.front() == '[') t.erase(0, 1);
  if (!t.empty() && t.back() == ']') t.pop_back();
  std::vector<std::size_t> starts;
  for (std::size_t i = 0; i < t.size(); ++i) {
    const bool boundary = i == 0 || (i >= 2 && t.compare(i - 2, 2, ", ") == 0);
    if (boundary && is_field_start(t, i)) starts.push_back(i);
  }
  std::vector<Cause> out;
  if (starts.empty()) {
    if (!t.empty()) out.push_back(Cause{"", t});
    return out;
  }
  for (std::size_t k = 0; k < starts.size(); ++k) {
    std::size_t end = k + 1 < starts.size() ? starts[k + 1] - 2 : t.size();
    std::string_view seg = std::string_view(t).substr(starts[k], end - starts[k]);
    const auto sep = seg.find(": ");
    out.push_back(Cause{std::string(seg.substr(0, sep)), text::trim(seg.substr(sep + 2))});
  }
  return out;
}

std::vector<Cause> causes_from_status(const nlohmann::json& status) {
  std::vector<Cause> out;
  if (!status.is_object()) return out;
  if (status.contains("details") && status["details"].is_object() && status["details"].contains("causes") &&
      status["details"]["causes"].is_array()) {
    for (const auto& c : status["details"]["causes"]) {
      if (!c.is_object()) continue;
      Cause cause;
      if (c.contains("field") && c["field"].is_string()) cause.field = c["field"].get<std::string>();
      if (c.contains("message") && c["message"].is_string()) cause.message = c["message"].get<std::string>();
      out.push_back(std::move(cause));
    }
  }
  if (out.empty() && status.contains("message") && status["message"].is_string()) {
    out = causes_from_text(status["message"].get<std::string>());
  }
  return out;
}

bool is_mismatch(const Cause& c) {
  return contains(squash(c.message), "mustbeequaltonvidia.com/gpulimit");
}

bool is_fraction(const Cause& c) {
  // Compared without spaces: a cause the terminal wrapped mid-word still reads.
  const std::string m = squash(c.message);
  const auto phrase = m.find("mustbeaninteger");
  if (phrase == std::string::npos) return false;
  if (!c.field.empty()) {
    const std::string f = squash(c.field);
    return contains(f, "[nvidia.com/gpu]") && contains(f, "resources");  // not nvidia.com/gpus, .../gpu.shared
  }
  // No field could be split off: the path is still in the text before the phrase.
  const std::string_view before = std::string_view(m).substr(0, phrase);
  return contains(before, "resources.limits[nvidia.com/gpu]") || contains(before, "resources.requests[nvidia.com/gpu]");
}

RejectionKinds classify(const std::vector<Cause>& causes) {
  RejectionKinds k;
  for (const auto& c : causes) {
    k.mismatch = k.mismatch || is_mismatch(c);
    k.fraction = k.fraction || is_fraction(c);
  }
  return k;
}

}  // namespace gpuwhy::messages
