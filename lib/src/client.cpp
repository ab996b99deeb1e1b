// Stub: the libcurl client is implemented by the kube work (issue 3).
#include "gpuwhy/kube.h"

namespace gpuwhy::kube {

struct Client::Impl {
  ClientConfig cfg;
  ClientOptions opts;
  int requests = 0;
};

Client::Client(ClientConfig cfg, ClientOptions opts) : impl_(std::make_unique<Impl>(Impl{std::move(cfg), opts, 0})) {}
Client::~Client() = default;
Client::Client(Client&&) noexcept = default;
Client& Client::operator=(Client&&) noexcept = default;

nlohmann::json Client::get_json(const std::string& path) {
  throw Error(ErrorKind::kTransport, "GET " + path + ": client not implemented yet");
}
HttpAnswer Client::post_json(const std::string& path, const nlohmann::json& /*body*/) {
  throw Error(ErrorKind::kTransport, "POST " + path + ": client not implemented yet");
}
int Client::requests() const {
  return impl_->requests;
}
const ClientConfig& Client::config() const {
  return impl_->cfg;
}

}  // namespace gpuwhy::kube
