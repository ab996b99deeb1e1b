// Tolerant readers of the student's out/ files (see readers.h).
#include "gpuwhy/readers.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <set>

#include "gpuwhy/lab.h"
#include "gpuwhy/text.h"
#include "gpuwhy/yaml.h"

namespace gpuwhy::readers {

using nlohmann::json;

TextFile decode_file(const StudentFile& f) {
  TextFile out;
  switch (f.state) {
    case StudentFile::State::kOk: break;
    case StudentFile::State::kMissing: out.problem = FileProblem::kMissing; break;
    case StudentFile::State::kNotRegular: out.problem = FileProblem::kNotRegular; break;
    case StudentFile::State::kTooLarge: out.problem = FileProblem::kTooLarge; break;
    case StudentFile::State::kUnreadable: out.problem = FileProblem::kUnreadable; break;
  }
  if (out.problem != FileProblem::kNone) {
    out.reason = f.reason.empty() ? to_string(f.state) : f.reason;
    return out;
  }
  if (f.content.size() > lab::kMaxFileBytes) {
    out.problem = FileProblem::kTooLarge;
    out.reason = "larger than 1 MiB";
    return out;
  }
  std::string why;
  auto t = text::decode(f.content, &why);
  if (!t) {
    out.problem = FileProblem::kNotText;
    out.reason = why;
    return out;
  }
  out.text = std::move(*t);
  return out;
}

// ---- quantities --------------------------------------------------------------------------

std::optional<long long> quantity_milli(std::string_view in) {
  std::string s = text::trim(in);
  if (s.size() >= 2 && (s.front() == '"' || s.front() == '\'') && s.back() == s.front()) s = s.substr(1, s.size() - 2);
  if (s.empty() || s.size() > 40) return std::nullopt;
  std::size_t i = 0;
  bool neg = false;
  if (s[i] == '+' || s[i] == '-') neg = s[i++] == '-';
  long double v = 0;
  bool digits = false;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
    v = v * 10 + (s[i++] - '0');
    digits = true;
  }
  if (i < s.size() && s[i] == '.') {
    ++i;
    long double scale = 0.1L;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
      v += (s[i++] - '0') * scale;
      scale /= 10;
      digits = true;
    }
  }
  if (!digits) return std::nullopt;
  const std::string suffix = s.substr(i);
  long double mult = 1;
  if ((suffix.size() >= 2) && (suffix[0] == 'e' || suffix[0] == 'E') &&
      (std::isdigit(static_cast<unsigned char>(suffix[1])) != 0 || suffix[1] == '-' || suffix[1] == '+')) {
    try {
      std::size_t used = 0;
      const int e = std::stoi(suffix.substr(1), &used);
      if (used != suffix.size() - 1 || e > 18 || e < -18) return std::nullopt;
      mult = std::pow(10.0L, e);
    } catch (const std::exception&) {
      return std::nullopt;
    }
  } else if (suffix.empty()) {
  } else if (suffix == "m") {
    mult = 1e-3L;
  } else if (suffix == "k") {
    mult = 1e3L;
  } else if (suffix == "M") {
    mult = 1e6L;
  } else if (suffix == "G") {
    mult = 1e9L;
  } else if (suffix == "T") {
    mult = 1e12L;
  } else if (suffix == "Ki") {
    mult = 1024.0L;
  } else if (suffix == "Mi") {
    mult = 1024.0L * 1024;
  } else if (suffix == "Gi") {
    mult = 1024.0L * 1024 * 1024;
  } else if (suffix == "Ti") {
    mult = 1024.0L * 1024 * 1024 * 1024;
  } else {
    return std::nullopt;
  }
  const long double milli = v * mult * 1000.0L;
  if (milli > 9e15L) return std::nullopt;
  // Kubernetes rounds up to the next thousandth.
  long long r = std::llround(milli);
  if (std::fabs(milli - static_cast<long double>(r)) > 1e-6L) r = static_cast<long long>(std::ceil(milli));
  return neg ? -r : r;
}

std::optional<long long> json_quantity_milli(const json& v) {
  if (v.is_string()) return quantity_milli(std::string_view(v.get_ref<const std::string&>()));
  if (v.is_number_integer()) {
    const long long n = v.get<long long>();
    if (n > 9000000000000LL || n < -9000000000000LL) return std::nullopt;
    return n * 1000;
  }
  if (v.is_number_float()) {
    const double d = v.get<double>();
    if (!std::isfinite(d) || std::fabs(d) > 9e12) return std::nullopt;
    return static_cast<long long>(std::ceil(d * 1000.0 - 1e-9));
  }
  return std::nullopt;
}

// ---- advertised.txt ----------------------------------------------------------------------

std::string to_string(AdvertisedFormat f) {
  switch (f) {
    case AdvertisedFormat::kUnknown: return "unknown";
    case AdvertisedFormat::kTable: return "table";
    case AdvertisedFormat::kJson: return "json";
    case AdvertisedFormat::kYaml: return "yaml";
    case AdvertisedFormat::kDescribe: return "describe";
    case AdvertisedFormat::kBareNumbers: return "bare-numbers";
  }
  return "unknown";
}

namespace {

std::string scalar_text(const json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_number()) return v.dump();
  return "";
}

void add_node(Advertised& a, const std::string& name, std::string amount) {
  if (amount == "<none>") amount.clear();
  if (a.amounts.find(name) == a.amounts.end()) a.order.push_back(name);
  a.amounts[name] = std::move(amount);
}

void nodes_from_json(const json& j, Advertised& a) {
  std::vector<const json*> nodes;
  if (j.is_array()) {
    for (const auto& n : j) nodes.push_back(&n);
  } else if (j.is_object() && j.contains("items") && j["items"].is_array()) {
    for (const auto& n : j["items"]) nodes.push_back(&n);
  } else if (j.is_object()) {
    nodes.push_back(&j);
  }
  const std::string res(lab::kResource);
  for (const json* n : nodes) {
    if (!n->is_object() || !n->contains("metadata") || !(*n)["metadata"].is_object()) continue;
    const json& md = (*n)["metadata"];
    if (!md.contains("name") || !md["name"].is_string()) continue;
    std::string amount;
    if (n->contains("status") && (*n)["status"].is_object()) {
      const json& st = (*n)["status"];
      for (const char* map : {"capacity", "allocatable"}) {
        if (st.contains(map) && st[map].is_object() && st[map].contains(res)) amount = scalar_text(st[map][res]);
      }
    }
    add_node(a, md["name"].get<std::string>(), amount);
  }
  if (a.amounts.empty()) a.problem = "no Node objects with a name";
}

bool is_number_text(std::string_view s) {
  return !s.empty() && quantity_milli(s).has_value() && s.find_first_of("0123456789") != std::string_view::npos;
}

std::vector<std::string> split_ws(std::string_view line) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    const std::size_t b = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > b) out.emplace_back(line.substr(b, i - b));
  }
  return out;
}

bool looks_like_header(const std::vector<std::string>& cells) {
  bool letter = false;
  for (const auto& c : cells) {
    if (c == "<none>") return false;
    for (char ch : c) {
      if (ch >= 'a' && ch <= 'z') return false;
      if (ch >= 'A' && ch <= 'Z') letter = true;
    }
  }
  return letter;
}

void read_describe(const std::vector<std::string>& lines, Advertised& a) {
  a.format = AdvertisedFormat::kDescribe;
  std::string node;
  std::string section;
  std::map<std::string, std::pair<std::string, std::string>> found;  // node -> (capacity, allocatable)
  std::vector<std::string> order;
  const std::string res = std::string(lab::kResource) + ":";
  for (const auto& l : lines) {
    if (l.empty()) continue;
    const bool indented = l.front() == ' ' || l.front() == '\t';
    if (!indented) {
      section.clear();
      if (l.rfind("Name:", 0) == 0) {
        node = text::trim(std::string_view(l).substr(5));
        if (found.emplace(node, std::make_pair(std::string(), std::string())).second) order.push_back(node);
      } else if (l == "Capacity:" || l == "Allocatable:") {
        section = l;
      }
      continue;
    }
    if (section.empty() || node.empty()) continue;
    const std::string t = text::trim(l);
    if (t.rfind(res, 0) == 0) {
      const std::string v = text::trim(std::string_view(t).substr(res.size()));
      (section == "Capacity:" ? found[node].first : found[node].second) = v;
    }
  }
  for (const auto& n : order) add_node(a, n, found[n].second.empty() ? found[n].first : found[n].second);
  if (a.amounts.empty()) a.problem = "describe output without any Name: line";
}

void read_table(const std::vector<std::string>& lines, Advertised& a) {
  a.format = AdvertisedFormat::kTable;
  std::vector<std::vector<std::string>> rows;
  for (const auto& l : lines) {
    auto cells = split_ws(l);
    if (!cells.empty()) rows.push_back(std::move(cells));
  }
  if (rows.empty()) {
    a.problem = "no rows";
    return;
  }
  std::size_t first = 0;
  std::optional<std::size_t> amount_col;
  if (looks_like_header(rows[0])) {
    first = 1;
    const auto& h = rows[0];
    for (std::size_t i = 0; i < h.size(); ++i) {
      const std::string u = text::to_lower_ascii(h[i]);
      if (u.find("alloc") != std::string::npos) amount_col = i;
    }
    if (!amount_col) {
      for (std::size_t i = 1; i < h.size(); ++i) {
        const std::string u = text::to_lower_ascii(h[i]);
        if (u.find("gpu") != std::string::npos || u.find("nvidia") != std::string::npos ||
            u.find("cap") != std::string::npos) {
          amount_col = i;
        }
      }
    }
    if (!amount_col && h.size() == 2) amount_col = 1;
    if (!amount_col && h.size() > 2) {
      a.problem = "the table has no GPU column";
      return;
    }
  }
  // Bare numbers: not one cell names a node.
  bool any_name = false;
  std::vector<std::string> values;
  for (std::size_t r = first; r < rows.size(); ++r) {
    for (const auto& c : rows[r]) {
      if (c == "<none>" || is_number_text(c)) {
        values.push_back(c);
      } else {
        any_name = true;
      }
    }
  }
  if (!any_name) {
    if (!values.empty()) {
      a.format = AdvertisedFormat::kBareNumbers;
      a.bare_numbers = true;
    } else {
      a.problem = "a header without rows";
    }
    return;
  }
  for (std::size_t r = first; r < rows.size(); ++r) {
    const auto& cells = rows[r];
    std::string name = cells[0];
    while (!name.empty() && (name.back() == ':' || name.back() == '=')) name.pop_back();
    std::string amount;
    if (cells.size() >= 2) {
      const std::size_t col = amount_col && *amount_col < cells.size() ? *amount_col : cells.size() - 1;
      amount = cells[col];
    }
    add_node(a, name, amount);
  }
  a.all_none = std::all_of(a.amounts.begin(), a.amounts.end(), [](const auto& kv) { return kv.second.empty(); });
}

}  // namespace

Advertised read_advertised(std::string_view in) {
  Advertised a;
  const std::string t = text::trim(in);
  if (t.empty()) {
    a.problem = "the file is empty";
    return a;
  }
  if (t.front() == '{' || t.front() == '[') {
    a.format = AdvertisedFormat::kJson;
    const json j = json::parse(t, nullptr, false);
    if (j.is_discarded()) {
      a.problem = "looks like JSON but does not parse";
      return a;
    }
    nodes_from_json(j, a);
    return a;
  }
  const auto ls = text::lines(t);
  const bool has_name =
      std::any_of(ls.begin(), ls.end(), [](const std::string& l) { return l.rfind("Name:", 0) == 0; });
  const bool has_section =
      std::any_of(ls.begin(), ls.end(), [](const std::string& l) { return l == "Capacity:" || l == "Allocatable:"; });
  if (has_name && has_section) {
    read_describe(ls, a);
    return a;
  }
  if (t.rfind("apiVersion:", 0) == 0 || t.rfind("items:", 0) == 0 || t.rfind("kind:", 0) == 0 ||
      t.rfind("metadata:", 0) == 0 || t.rfind("---", 0) == 0) {
    a.format = AdvertisedFormat::kYaml;
    try {
      const auto docs = yaml::load_all(t, std::string(lab::kFileAdvertised));
      for (const auto& d : docs) nodes_from_json(d, a);
      if (!a.amounts.empty()) a.problem.clear();
    } catch (const std::exception& e) {
      a.problem = e.what();
    }
    return a;
  }
  read_table(ls, a);
  return a;
}

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

RejectedFile read_rejected(std::string_view in) {
  RejectedFile out;
  Rejection* open = nullptr;  // a multi-cause header waiting for "* " lines
  for (const auto& raw : text::lines(in)) {
    const std::string l = text::trim(raw);
    if (l.empty()) continue;
    if (l.rfind("* ", 0) == 0 && open != nullptr) {
      auto c = messages::causes_from_text(l);
      open->causes.insert(open->causes.end(), c.begin(), c.end());
      finish(*open);
      continue;
    }
    open = nullptr;
    const bool header = l.find("is invalid") != std::string::npos || l.rfind("Error from server", 0) == 0;
    const bool bare_cause = l.find("must be equal to") != std::string::npos ||
                            l.find("must be an integer") != std::string::npos ||
                            l.find("Limit must be set") != std::string::npos;
    if (!header && !bare_cause) continue;
    Rejection r;
    r.header = l;
    r.pod = quoted_after(l, "Pod \"");
    const auto inv = l.find("is invalid:");
    const std::string rest = inv == std::string::npos ? l : text::trim(std::string_view(l).substr(inv + 11));
    if (!rest.empty()) r.causes = messages::causes_from_text(l);
    finish(r);
    out.rejections.push_back(std::move(r));
    if (rest.empty()) open = &out.rejections.back();
  }
  return out;
}

std::optional<messages::SchedulerMessage> read_scheduler_file(std::string_view text) {
  return messages::parse_scheduler_message(text);
}

// ---- gate-report.txt ---------------------------------------------------------------------

GateReport read_gate_report(std::string_view in) {
  GateReport g;
  std::set<std::string> known(lab::kGateKeys.begin(), lab::kGateKeys.end());
  std::map<std::string, std::vector<std::string>> seen;
  for (const auto& raw : text::lines(in)) {
    const std::string l = text::trim(raw);
    if (l.empty()) continue;
    ++g.nonblank_lines;
    const auto sep = l.find_first_of("=:");
    if (sep == std::string::npos || sep == 0) {
      g.malformed.push_back(l);
      continue;
    }
    std::string key = text::trim(std::string_view(l).substr(0, sep));
    std::string value = text::trim(std::string_view(l).substr(sep + 1));
    if (value.size() >= 2 && (value.front() == '"' || value.front() == '\'') && value.back() == value.front()) {
      value = text::trim(std::string_view(value).substr(1, value.size() - 2));
    }
    const bool ident = !key.empty() && std::all_of(key.begin(), key.end(), [](char c) {
      return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    });
    if (!ident) {
      g.malformed.push_back(l);
      continue;
    }
    for (char& c : key) {
      if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    }
    if (known.count(key) == 0) {
      g.unknown.push_back(key);
      continue;
    }
    seen[key].push_back(value);
  }
  for (const auto& k : lab::kGateKeys) {
    const std::string key(k);
    auto it = seen.find(key);
    if (it == seen.end()) {
      g.missing.push_back(key);
      continue;
    }
    g.values[key] = it->second.front();
    if (it->second.size() > 1) {
      g.duplicates.push_back(key);
      if (std::any_of(it->second.begin(), it->second.end(), [&](const std::string& v) { return v != it->second[0]; }))
        g.conflicting.push_back(key);
    }
  }
  return g;
}

// ---- answer words ------------------------------------------------------------------------

std::string to_string(Answer a) {
  switch (a) {
    case Answer::kUnknown: return "unknown";
    case Answer::kAffirmative: return "affirmative";
    case Answer::kNegative: return "negative";
    case Answer::kNumbers: return "numbers";
    case Answer::kDevices: return "devices";
  }
  return "unknown";
}

const std::vector<AnswerWord>& answer_words() {
  static const std::vector<AnswerWord> kWords{
      // affirmative: requests must equal limits
      {"yes", Answer::kAffirmative},
      {"y", Answer::kAffirmative},
      {"true", Answer::kAffirmative},
      {"required", Answer::kAffirmative},
      {"require", Answer::kAffirmative},
      {"must", Answer::kAffirmative},
      {"equal", Answer::kAffirmative},
      {"equals", Answer::kAffirmative},
      {"same", Answer::kAffirmative},
      {"mandatory", Answer::kAffirmative},
      {"예", Answer::kAffirmative},
      {"네", Answer::kAffirmative},
      {"필수", Answer::kAffirmative},
      {"같음", Answer::kAffirmative},
      {"같다", Answer::kAffirmative},
      {"동일", Answer::kAffirmative},
      {"동일함", Answer::kAffirmative},
      {"はい", Answer::kAffirmative},
      {"必須", Answer::kAffirmative},
      {"同じ", Answer::kAffirmative},
      {"等しい", Answer::kAffirmative},
      {"一致", Answer::kAffirmative},
      // negative: fractional amounts are not allowed
      {"no", Answer::kNegative},
      {"n", Answer::kNegative},
      {"false", Answer::kNegative},
      {"rejected", Answer::kNegative},
      {"reject", Answer::kNegative},
      {"forbidden", Answer::kNegative},
      {"invalid", Answer::kNegative},
      {"denied", Answer::kNegative},
      {"disallowed", Answer::kNegative},
      {"not allowed", Answer::kNegative},
      {"not-allowed", Answer::kNegative},
      {"never", Answer::kNegative},
      {"불가", Answer::kNegative},
      {"불가능", Answer::kNegative},
      {"거절", Answer::kNegative},
      {"거부", Answer::kNegative},
      {"금지", Answer::kNegative},
      {"아니오", Answer::kNegative},
      {"아니요", Answer::kNegative},
      {"안됨", Answer::kNegative},
      {"いいえ", Answer::kNegative},
      {"不可", Answer::kNegative},
      {"拒否", Answer::kNegative},
      {"禁止", Answer::kNegative},
      {"無効", Answer::kNegative},
      // numbers: what the scheduler sees
      {"number", Answer::kNumbers},
      {"numbers", Answer::kNumbers},
      {"count", Answer::kNumbers},
      {"counts", Answer::kNumbers},
      {"quantity", Answer::kNumbers},
      {"quantities", Answer::kNumbers},
      {"allocatable", Answer::kNumbers},
      {"숫자", Answer::kNumbers},
      {"수", Answer::kNumbers},
      {"수량", Answer::kNumbers},
      {"개수", Answer::kNumbers},
      {"数", Answer::kNumbers},
      {"数字", Answer::kNumbers},
      {"数値", Answer::kNumbers},
      {"個数", Answer::kNumbers},
      // devices: the wrong answer to SCHEDULER_SEES
      {"device", Answer::kDevices},
      {"devices", Answer::kDevices},
      {"gpu", Answer::kDevices},
      {"gpus", Answer::kDevices},
      {"hardware", Answer::kDevices},
      {"장치", Answer::kDevices},
      {"디바이스", Answer::kDevices},
      {"하드웨어", Answer::kDevices},
      {"デバイス", Answer::kDevices},
      {"装置", Answer::kDevices},
      {"ハードウェア", Answer::kDevices},
  };
  return kWords;
}

namespace {
Answer lookup(const std::string& w) {
  for (const auto& row : answer_words()) {
    if (row.word == w) return row.answer;
  }
  return Answer::kUnknown;
}
}  // namespace

Answer classify_answer(std::string_view value) {
  std::string v = text::to_lower_ascii(text::trim(value));
  if (v.size() >= 2 && (v.front() == '"' || v.front() == '\'') && v.back() == v.front()) v = v.substr(1, v.size() - 2);
  while (!v.empty() && (v.back() == '.' || v.back() == '!' || v.back() == ',' || v.back() == ';')) v.pop_back();
  v = text::trim(v);
  if (auto a = lookup(v); a != Answer::kUnknown) return a;
  const auto sp = v.find_first_of(" \t(,/");
  if (sp != std::string::npos) return lookup(text::trim(std::string_view(v).substr(0, sp)));
  return Answer::kUnknown;
}

}  // namespace gpuwhy::readers
