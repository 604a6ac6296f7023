# bench/vidra_client.py: what the bench scripts do as a client of a running Vidra
# (imported by bench/clips.py and bench/downloads.py): GraphQL calls, a new
# account and project, a tus upload of a source, and waiting until it is ready.
# No library beyond Python's own: urllib speaks GraphQL and tus.
import json, time, urllib.request


class Client:
    """A signed-in client of the Vidra at base (e.g. http://127.0.0.1:8080)."""

    def __init__(self, base, who):
        self.base, self.tok = base, None
        d = self.gql('mutation($e: String!) { register(input: {email: $e, password: "four unrelated words here", name: "Bench"}) { accessToken } }',
                     {"e": "%s%d@example.com" % (who, int(time.time()))})
        self.tok = d["register"]["accessToken"]

    def gql(self, q, v=None):
        """Runs a GraphQL operation and returns its data; stops on an error."""
        headers = {"Content-Type": "application/json"}
        if self.tok:
            headers["Authorization"] = "Bearer " + self.tok
        req = urllib.request.Request(self.base + "/graphql", json.dumps({"query": q, "variables": v or {}}).encode(), headers)
        r = json.load(urllib.request.urlopen(req))
        if r.get("errors"):
            raise SystemExit(r["errors"])
        return r["data"]

    def project(self, name):
        """Creates a project and returns its id."""
        return self.gql('mutation($n: String!) { createProject(input: {name: $n}) { id } }', {"n": name})["createProject"]["id"]

    def upload(self, project, path, title):
        """Uploads the file at path with tus as a new video and returns its id."""
        up = self.gql('mutation($p: ID!, $t: String!) { createUploadToken(projectID: $p, input: {title: $t}) { token uploadURL video { id } } }',
                      {"p": project, "t": title})["createUploadToken"]
        with open(path, "rb") as f:
            data = f.read()
        req = urllib.request.Request(up["uploadURL"], b"", {"Tus-Resumable": "1.0.0", "Upload-Token": up["token"],
                                                             "Upload-Length": str(len(data))}, method="POST")
        loc = urllib.request.urlopen(req).headers["Location"]
        if loc.startswith("/"):
            loc = self.base + loc
        req = urllib.request.Request(loc, data, {"Tus-Resumable": "1.0.0", "Upload-Offset": "0",
                                                 "Content-Type": "application/offset+octet-stream"}, method="PATCH")
        urllib.request.urlopen(req)
        return up["video"]["id"]

    def wait_settled(self, video, every=0.5):
        """Polls the video until it is ready or failed; returns its status, duration and failure reason."""
        while True:
            v = self.gql('query($v: ID!) { video(id: $v) { status duration failureReason } }', {"v": video})["video"]
            if v["status"] in ("ready", "failed"):
                return v
            time.sleep(every)
