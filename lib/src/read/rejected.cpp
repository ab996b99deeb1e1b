// rejected.txt and the scheduler messages the student saved (see readers.h).
#include "gpuwhy/read/readers.h"

#include <utility>

#include "gpuwhy/base/text.h"
#include "read/read_detail.h"
namespace gpuwhy::readers {

using nlohmann::json;

using detail::parse_bounded;

// ---- rejected.txt ------------------------------------------------------------------------

namespace {

std::string quoted_after(std::string_view line, std::string_view marker) {
  const auto p = line.find(marker);
  if (p == std::string_view::npos) return "";
  const auto b = p + marker.size();
  const auto e = line.find('"', b);
  if (e == std::string_view::npos) return "";
  return std::string(line.substr(b, e - b));
}

void finish(Rejection& r) {
  r.kinds = messages::classify(r.causes);
}

}  // namespace

namespace {

bool starts_rejection(const std::string& l) {
  return l.find("is invalid") != std::string::npos || l.rfind("Error from server", 0) == 0;
}

// A command's result that is no rejection, as kubectl prints it: `<resource>/<name> <verb>` with
// an optional `(server dry run)`, or kubectl's own `error: ...` (a manifest it could not read, a
// path that names nothing), raised before any request.
bool other_result(const std::string& l) {
  if (l.rfind("error: ", 0) == 0) return true;
  const auto slash = l.find('/');
  const auto space = l.find(' ');
  if (slash == std::string::npos || slash == 0 || space == std::string::npos || space < slash) return false;
  for (std::size_t i = 0; i < space; ++i) {
    const char c = l[i];
    const bool name_char = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '/';
    if (!name_char) return false;
  }
  std::string_view rest = std::string_view(l).substr(space + 1);
  for (std::string_view verb : {"created", "configured", "unchanged", "serverside-applied", "replaced"}) {
    if (!rest.starts_with(verb)) continue;
    rest.remove_prefix(verb.size());
    return rest.empty() || rest == " (server dry run)" || rest == " (dry run)";
  }
  return false;
}

// A cause line without kubectl's header (the header was not copied): the apiserver's own form,
// `<field path>: Invalid value: ...: <rule>`. A note that only quotes the rule is no rejection.
bool bare_cause(const std::string& l) {
  const bool rule = l.find("must be equal to") != std::string::npos ||
                    l.find("must be an integer") != std::string::npos ||
                    l.find("Limit must be set") != std::string::npos;
  if (!rule) return false;
  const std::string_view t = l.rfind("* ", 0) == 0 ? std::string_view(l).substr(2) : std::string_view(l);
  const auto colon = t.find(": ");
  if (colon == std::string_view::npos) return false;
  const std::string_view path = t.substr(0, colon);  // spec.containers[0].resources.requests
  const bool field_path = path.rfind("spec.", 0) == 0 && path.find(' ') == std::string_view::npos &&
                          path.find("resources") != std::string_view::npos;
  return field_path &&
         (t.find("Invalid value") != std::string_view::npos || t.find("Required value") != std::string_view::npos ||
          t.find("Forbidden") != std::string_view::npos);
}

// A line at least this wide (display columns) may be one a terminal wrapped: a wrap leaves every
// piece but the last as wide as the terminal, and terminals open 80 wide (a split pane less).
constexpr std::size_t kTerminalWide = 60;

bool word_char(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '.' || c == '_';
}

// A rejection as its lines were read: the header's own cause text, then one part per
// `* <field>: <msg>` line; a line wrapped by the terminal continues the part before it.
struct Block {
  Rejection r;
  std::vector<std::string> parts;
  bool listed = false;  ///< the header ends at `is invalid:`: its causes follow as `* ` lines
  std::string bare;     ///< the cause without its header that began it, if one did
};

// A bare cause's container (`spec.containers[0]`) and the value it refused (`"500m"`; the Go
// struct's `s:"500m"` of ≤1.33 read as that string).
std::pair<std::string_view, std::string_view> container_and_value(std::string_view cause) {
  if (cause.starts_with("* ")) cause.remove_prefix(2);
  const auto res = cause.find(".resources");
  const std::string_view container = res == std::string_view::npos ? std::string_view() : cause.substr(0, res);
  std::string_view value;
  if (const auto v = cause.find("Invalid value: "); v != std::string_view::npos) {
    value = cause.substr(v + 15);
    if (const auto s = value.find("s:\""); value.starts_with("resource.Quantity") && s != std::string_view::npos)
      value = value.substr(s + 2);
    value = value.substr(0, value.find('"', 1) + 1);
  }
  return {container, value};
}

// Whether two causes without their header, one after the other, are one rejection's: kubectl lists
// a manifest's causes together, and a grep keeps them so (`requests 0.5, limits 1` breaks both rules
// in one container, for one value). Two manifests' causes differ in the value refused.
bool same_rejection(std::string_view a, std::string_view b) {
  const auto x = container_and_value(a);
  const auto y = container_and_value(b);
  return !x.first.empty() && !x.second.empty() && x == y;
}

void close_block(std::optional<Block>& b, RejectedFile& out) {
  if (!b) return;
  for (const auto& p : b->parts) {
    auto c = messages::causes_from_text(p);
    b->r.causes.insert(b->r.causes.end(), c.begin(), c.end());
  }
  finish(b->r);
  out.rejections.push_back(std::move(b->r));
  b.reset();
}

// The rejections of one line, one a piece: `... must be equal to ... ; The Pod "bad-fraction"
// is invalid: ...` (the output of two commands joined by `echo $(...)` or by hand). A new one
// starts at kubectl's header; a Pod named inside `Error from server ... Pod "x" is invalid` is
// that header's own.
std::vector<std::string> split_rejections(const std::string& line) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t i = 1; i < line.size(); ++i) {
    if (line.compare(i, 9, "The Pod \"") != 0 && line.compare(i, 17, "Error from server") != 0) continue;
    if (line[i - 1] != ' ' && line[i - 1] != ';' && line[i - 1] != ',' && line[i - 1] != '\t') continue;
    std::string_view piece = std::string_view(line).substr(start, i - start);
    while (!piece.empty() &&
           (piece.back() == ' ' || piece.back() == ';' || piece.back() == ',' || piece.back() == '\t'))
      piece.remove_suffix(1);
    if (!piece.empty()) out.push_back(text::trim(piece));
    start = i;
  }
  out.push_back(text::trim(std::string_view(line).substr(start)));
  return out;
}

// Whether `l` begins a line of its own in kubectl's output: a header, a listed cause, a bare
// cause's field path, another command's result.
bool starts_line(const std::string& l) {
  return starts_rejection(l) || l.rfind("* ", 0) == 0 || l.rfind("spec.", 0) == 0 || other_result(l);
}

// The lines of the file, trimmed, with noise lines (prompts, comments, a wrapped command) left
// empty and each line the terminal wrapped joined again: a line as wide as a terminal goes on in
// the next unless that begins a line of its own. A wrap inside a word (`Invali` / `d value`)
// joins as the terminal cut it.
std::vector<std::string> unwrapped_lines(std::string_view in) {
  const std::vector<std::string> raw = text::lines(text::strip_terminal_codes(text::nfkc(in)));
  const std::vector<bool> noise = text::noise_lines(std::vector<std::string_view>(raw.begin(), raw.end()));
  std::vector<std::string> out;
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (noise[i]) {
      out.emplace_back();
      continue;
    }
    std::string line = text::trim(raw[i]);
    while (!line.empty() && text::display_width(raw[i]) >= kTerminalWide && i + 1 < raw.size() && !noise[i + 1]) {
      const std::string next = text::trim(raw[i + 1]);
      if (next.empty() || starts_line(next)) break;
      const bool spaced = raw[i + 1].front() == ' ' || raw[i + 1].front() == '\t';  // the cut fell on a blank
      if (spaced || !(word_char(line.back()) && word_char(next.front()))) line += ' ';
      line += next;
      ++i;
    }
    out.push_back(std::move(line));
  }
  return out;
}

}  // namespace

RejectedFile read_rejected(std::string_view in) {
  RejectedFile out;
  std::optional<Block> open;
  std::vector<std::string> lines;
  for (const auto& line : unwrapped_lines(in)) {
    for (auto& piece : split_rejections(line)) lines.push_back(std::move(piece));
  }
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string& l = lines[i];
    if (l.empty()) {
      close_block(open, out);
      continue;
    }
    if (other_result(l)) {
      close_block(open, out);
      out.other_results.push_back(l);
      continue;
    }
    if (open && open->listed && l.rfind("* ", 0) == 0) {
      open->parts.push_back(l);
      continue;
    }
    const bool bare = !starts_rejection(l) && bare_cause(l);
    if (bare && open && !open->bare.empty() && same_rejection(open->bare, l)) {
      open->parts.push_back(l);
      continue;
    }
    // A cause without its header (cut by grep, tail or sed) is a rejection of its own, unless it
    // goes on the one before (same_rejection): kubectl lists `* ` causes only under a header that
    // ends at `is invalid:`.
    if (starts_rejection(l) || bare) {
      close_block(open, out);
      open.emplace();
      open->r.header = l;
      open->r.pod = quoted_after(l, "Pod \"");
      const auto inv = l.find("is invalid:");
      const std::string rest = inv == std::string::npos ? l : text::trim(std::string_view(l).substr(inv + 11));
      open->listed = rest.empty();
      if (bare) open->bare = l;
      open->parts.push_back(rest.empty() ? std::string() : l);
      continue;
    }
    if (open) {
      // A cause the terminal wrapped onto the next line (`...resource.Quantity{...}:` /
      // `must be an integer`): it belongs to the part before it.
      open->parts.back() += ' ';
      open->parts.back() += l;
    }
  }
  close_block(open, out);
  return out;
}

std::vector<messages::SchedulerMessage> read_scheduler_file(std::string_view in) {
  const std::string t = text::trim(text::strip_noise(text::nfkc(in)));
  // `-o json` (a Pod, an event list, the conditions array): the strings, exactly decoded.
  if (!t.empty() && (t.front() == '{' || t.front() == '[')) {
    const json j = parse_bounded(t);
    if (!j.is_discarded()) {
      std::string strings;
      std::vector<const json*> stack{&j};
      while (!stack.empty()) {
        const json* v = stack.back();
        stack.pop_back();
        if (v->is_string()) {
          strings += v->get_ref<const std::string&>();
          strings += '\n';
        } else if (v->is_structured()) {
          for (const auto& c : *v) stack.push_back(&c);
        }
      }
      auto found = messages::parse_scheduler_messages(strings);
      if (!found.empty()) return found;
    }
  }
  // Anything else (plain text, -o yaml, describe, get events, jsonpath): quotes undone and
  // lines unfolded by the message parser itself.
  return messages::parse_scheduler_messages(t);
}

}  // namespace gpuwhy::readers
