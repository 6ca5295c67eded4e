import Testing

@testable import NotezServer
import NotezTestSupport

struct AccessGuardTests {
    let settings = ServerSettings(host: "127.0.0.1", port: 4151, token: "a".repeated(32), csrfToken: "c".repeated(32))
    var access: AccessGuard { AccessGuard(settings: settings, port: 4151) }

    func facts(
        _ method: String = "GET", path: String = "/", query: String? = nil, host: String = "127.0.0.1:4151",
        cookie: String? = nil, authorization: String? = nil, origin: String? = nil, csrf: String? = nil
    ) -> AccessGuard.Facts {
        AccessGuard.Facts(
            method: method, path: path, query: query, hosts: [host], cookieToken: cookie, authorization: authorization,
            origin: origin, csrf: csrf)
    }

    @Test func noTokenIsUnauthorized() {
        guard case .reject(401, _) = access.decide(facts()) else { Issue.record("not 401"); return }
    }

    @Test func tokenIsTradedForCookieAndRemovedFromTheURL() {
        expect(access.decide(facts(query: "token=" + "a".repeated(32))), equals: .trade(location: "/"))
        expect(access.decide(facts(path: "/search", query: "q=x&token=" + "a".repeated(32) + "&page=2")), equals: .trade(location: "/search?q=x&page=2"))
        // Never a redirect to another site.
        expect(access.decide(facts(path: "//evil.example/x", query: "token=" + "a".repeated(32))), equals: .trade(location: "/"))
        expect(access.decide(facts(path: "/\\evil.example", query: "token=" + "a".repeated(32))), equals: .trade(location: "/"))
    }

    @Test func wrongTokenIsUnauthorized() {
        guard case .reject(401, _) = access.decide(facts(query: "token=" + "b".repeated(32))) else { Issue.record("not 401"); return }
        guard case .reject(401, _) = access.decide(facts(cookie: "a".repeated(31))) else { Issue.record("not 401"); return }
        guard case .reject(401, _) = access.decide(facts(authorization: "Bearer " + "b".repeated(32))) else { Issue.record("not 401"); return }
        guard case .reject(401, _) = access.decide(facts(authorization: "Basic " + "a".repeated(32))) else { Issue.record("not 401"); return }
    }

    @Test func cookieAndBearerAreAccepted() {
        expect(access.decide(facts(cookie: "a".repeated(32))), equals: .allow(viaCookie: true))
        expect(access.decide(facts(authorization: "Bearer " + "a".repeated(32))), equals: .allow(viaCookie: false))
    }

    @Test(arguments: ["evil.example", "evil.example:4151", "127.0.0.1:4152", "127.0.0.1", "localhost.evil.example:4151", ""])
    func foreignHostIsRefusedEvenWithTheCookie(_ host: String) {
        // DNS rebinding: the attacker's name resolves to 127.0.0.1, but the browser sends that name.
        guard case .reject(403, _) = access.decide(facts(host: host, cookie: "a".repeated(32))) else {
            Issue.record("\(host) accepted"); return
        }
    }

    @Test(arguments: ["127.0.0.1:4151", "localhost:4151", "[::1]:4151", "LOCALHOST:4151"])
    func loopbackHostsAreAccepted(_ host: String) {
        expect(access.decide(facts(host: host, cookie: "a".repeated(32))), equals: .allow(viaCookie: true))
    }

    @Test func everyHostMustBeAcceptable() {
        var request = facts(cookie: "a".repeated(32))
        request.hosts = ["127.0.0.1:4151", "evil.example"]
        guard case .reject(403, _) = access.decide(request) else { Issue.record("second Host accepted"); return }
    }

    @Test func changesNeedTheCSRFTokenAndAMatchingOrigin() {
        let cookie = "a".repeated(32)
        let good = facts("POST", cookie: cookie, origin: "http://127.0.0.1:4151", csrf: "c".repeated(32))
        expect(access.decide(good), equals: .allow(viaCookie: true))
        for method in ["POST", "PUT", "DELETE", "PATCH"] {
            guard case .reject(403, _) = access.decide(facts(method, cookie: cookie, origin: "http://127.0.0.1:4151")) else {
                Issue.record("\(method) without CSRF accepted"); return
            }
        }
        for origin in [nil, "http://evil.example", "null", "https://127.0.0.1:4151", "http://127.0.0.1:4152"] {
            guard case .reject(403, _) = access.decide(facts("POST", cookie: cookie, origin: origin, csrf: "c".repeated(32))) else {
                Issue.record("origin \(origin ?? "none") accepted"); return
            }
        }
        guard case .reject(403, _) = access.decide(facts("POST", cookie: cookie, origin: "http://127.0.0.1:4151", csrf: "x")) else {
            Issue.record("wrong CSRF accepted"); return
        }
    }

    @Test func aTokenInAPostQueryIsNotTraded() {
        guard case .reject(401, _) = access.decide(facts("POST", query: "token=" + "a".repeated(32))) else {
            Issue.record("POST traded a token"); return
        }
    }

    @Test func remoteHostNamesOnlyItself() {
        let remote = ServerSettings(host: "192.0.2.7", port: 8080, token: "a".repeated(32))
        expect(remote.allowedHosts(port: 8080), equals: ["192.0.2.7:8080"])
        expect(ServerSettings.isLoopback("127.0.0.1"))
        expect(ServerSettings.isLoopback("::1"))
        expect(!ServerSettings.isLoopback("0.0.0.0"))
        expect(!ServerSettings.isLoopback("127.evil.example"))
    }

    @Test func tokensAre128RandomBits() {
        let a = ServerSettings.randomToken()
        let b = ServerSettings.randomToken()
        expect(a.count == 32 && b.count == 32 && a != b)
        expect(a.allSatisfy { $0.isHexDigit })
    }
}

extension String {
    func repeated(_ count: Int) -> String { String(repeating: self, count: count) }
}
