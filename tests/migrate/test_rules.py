"""The translator's rules one by one: a Java snippet in, Python out; the Python compiles,
passes ruff and, where it can run on its own, runs."""

from __future__ import annotations

from pathlib import Path

import pytest
from migrate_helpers import ruff, write_project


def _translate(translate, tmp_path: Path, body: str, imports: str = "", name: str = "demo"):
    source = f"package com.acme;\n{imports}\npublic class Demo {{\n{body}\n}}\n"
    app = translate(write_project(tmp_path / name, {"com/acme/Demo.java": source}))
    result = ruff(app.output)
    assert result.returncode == 0, result.stdout + app.source("demo")
    return app


RULES = [
    ("camel_case", "int maxRetries(int attemptCount) { return attemptCount + 1; }", "def max_retries(self, attempt_count: int) -> int:", ("max_retries", (2,), 3)),
    ("text_block", 'static final String P = """\n\t\tHello\n\t\t  world\n\t\t""";\nString p() { return P; }', '"""\\\nHello\n  world\n"""', ("p", (), "Hello\n  world\n")),
    ("string_format", 'String f(String a, int b) { return String.format("%s=%d%n", a, b); }', '"%s=%d\\n" % (a, b,)', ("f", ("x", 3), "x=3\n")),
    ("formatted", 'String f(String a) { return "Hi %s".formatted(a); }', '"Hi %s" % (a,)', ("f", ("Ada",), "Hi Ada")),
    ("concatenation", 'String f(int n) { return "n=" + n + "!"; }', '"n=" + str(n) + "!"', ("f", (4,), "n=4!")),
    ("list_of", "java.util.List<Integer> f() { return List.of(1, 2, 3); }", "[1, 2, 3]", ("f", (), [1, 2, 3])),
    ("map_of", 'java.util.Map<String, Integer> f() { return Map.of("a", 1); }', '{"a": 1}', ("f", (), {"a": 1})),
    ("stream_map_collect", "List<Integer> f(List<Integer> xs) { return xs.stream().filter(x -> x > 1).map(x -> x * 10).collect(Collectors.toList()); }", "[x * 10 for x in (x for x in xs if x > 1)]", ("f", ([1, 2, 3],), [20, 30])),
    ("stream_joining", 'String f(List<String> xs) { return xs.stream().map(String::toUpperCase).collect(Collectors.joining(", ")); }', '", ".join(', ("f", (["a", "b"],), "A, B")),
    ("lambda_block", "java.util.function.Function<Integer, Integer> f() { return x -> { int y = x * 2; return y + 1; }; }", "def _fn_1(x):", ("f", (), None)),
    ("method_reference", "java.util.function.Function<Integer, String> f() { return String::valueOf; }", "return str", ("f", (), str)),
    ("ternary_null", "String f(String s) { return s == null ? \"none\" : s; }", '("none" if s is None else s)', ("f", (None,), "none")),
    ("counting_for", "int f(int n) { int total = 0; for (int i = 0; i < n; i++) { total += i; } return total; }", "for i in range(0, n):", ("f", (4,), 6)),
    ("enhanced_for", "int f(List<Integer> xs) { int t = 0; for (int x : xs) { t += x; } return t; }", "for x in xs:", ("f", ([1, 2],), 3)),
    ("try_catch", 'String f() { try { throw new IllegalStateException("bad"); } catch (Exception e) { return e.getMessage(); } }', "except Exception as e:", None),
    ("println", 'void f() { System.out.println("hi"); }', 'print("hi")', ("f", (), None)),
    ("equals_length", 'boolean f(String a) { return a.equals("x") && a.length() == 1; }', 'a == "x" and len(a) == 1', ("f", ("x",), True)),
    ("string_builder", 'String f(List<String> xs) { StringBuilder sb = new StringBuilder(); sb.append("a:"); for (String x : xs) { sb.append(x).append(","); } return sb.toString(); }', 'sb += "a:"', ("f", (["x", "y"],), "a:x,y,")),
    ("get_message", 'String f() { try { throw new IllegalStateException("boom"); } catch (Exception e) { return e.getMessage(); } }', "return str(e)", ("f", (), "boom")),
    ("system_property", 'boolean f() { return System.getProperty("os.name").toLowerCase().contains("win"); }', "platform.system()", ("f", (), None)),
    ("switch_groups", 'String f(String p) { String r = "?"; switch (p.toLowerCase()) { case "a": r = "A"; break; case "b": case "c": r = "BC"; break; case "all": default: r = "ALL"; } return r; }', "elif _switch_1 in (", ("f", ("C",), "BC")),
    ("switch_rules", 'int f(int n) { int r = 0; switch (n) { case 1, 2 -> r = 10; default -> { r = -1; } } return r; }', "if n in (1, 2):", ("f", (5,), -1)),
    ("random", "int f() { Random r = new Random(); return r.nextInt(3); }", "r.randrange(3)", ("f", (), None)),
    ("functional_call", 'boolean f(java.util.function.BiPredicate<String, Integer> p) { return p.test("ab", 2); }', 'return p("ab", 2)', ("f", (lambda s, n: len(s) == n,), True)),
    ("supplier_get", "int f(java.util.function.Supplier<Integer> s) { return s.get() + 1; }", "return s() + 1", ("f", (lambda: 41,), 42)),
    ("lambda_local_def", "int f(int n) { java.util.function.Function<Integer, Integer> twice = x -> x * 2; return twice.apply(n); }", "def twice(x):\n            return x * 2", ("f", (4,), 8)),
    ("predicate_concat", 'String f(String s) { Predicate<String> empty = x -> x.isEmpty(); return "empty: " + empty.test(s) + ", short: " + (s.length() < 3); }', "str(empty(s)).lower()", ("f", ("", ), "empty: true, short: true")),
    ("assert_not_null", 'void f(String a) { Assert.notNull(a, "a cannot be null"); }', 'raise ValueError("a cannot be null")', None),
]


@pytest.mark.parametrize(("name", "body", "expected", "call"), RULES, ids=[r[0] for r in RULES])
def test_rule(translate, tmp_path: Path, name: str, body: str, expected: str, call) -> None:
    imports = "import java.util.List;\nimport java.util.Map;\nimport java.util.function.Predicate;\nimport java.util.Random;\nimport java.util.stream.Collectors;\nimport org.springframework.util.Assert;"
    app = _translate(translate, tmp_path, body, imports, name)
    code = app.source("demo")
    assert expected in code, code
    if call is not None:
        method, args, result = call
        value = getattr(app.load("demo").Demo(), method)(*args)
        if result is not None:
            assert value == result


def test_record_becomes_a_pydantic_model_with_jackson_names(translate, tmp_path: Path) -> None:
    source = (
        "package com.acme;\nimport com.fasterxml.jackson.annotation.JsonProperty;\n"
        'public record Person(@JsonProperty("full_name") String fullName, int age) {}\n'
    )
    app = translate(write_project(tmp_path / "rec", {"com/acme/Person.java": source}))
    person_type = app.load("person").Person
    person = person_type.model_validate({"full_name": "Ada", "age": 36})
    assert (person.full_name, person.age) == ("Ada", 36)
    assert person.model_dump(by_alias=True) == {"full_name": "Ada", "age": 36}


def test_tool_annotations_become_the_tool_decorator(translate, tmp_path: Path) -> None:
    source = (
        "package com.acme;\nimport org.springframework.ai.tool.annotation.Tool;\n"
        "import org.springframework.ai.tool.annotation.ToolParam;\n"
        "public class WeatherTools {\n"
        '  @Tool(description = "Weather of a city")\n'
        '  public String weather(@ToolParam(description = "the city") String city) { return city + ": sunny"; }\n'
        "}\n"
    )
    app = translate(write_project(tmp_path / "tools", {"com/acme/WeatherTools.java": source}))
    from spring_ai_py.tool import ToolCallbacks

    callbacks = ToolCallbacks.from_(app.load("weather_tools").WeatherTools())
    definition = callbacks[0].get_tool_definition()
    assert definition.name == "weather"
    assert definition.description == "Weather of a city"
    assert '"the city"' in definition.input_schema
    assert callbacks[0].call('{"city": "Paris"}') == "Paris: sunny"


def test_value_annotation_reads_the_environment(translate, tmp_path: Path) -> None:
    source = (
        "package com.acme;\nimport org.springframework.beans.factory.annotation.Value;\n"
        "import org.springframework.stereotype.Component;\n"
        '@Component\npublic class Settings {\n  @Value("${acme.size:3}")\n  private int size;\n'
        "  public int size() { return size * 2; }\n}\n"
    )
    app = translate(write_project(tmp_path / "value", {"com/acme/Settings.java": source}))
    from spring_ai_py.autoconfigure import Environment

    settings = app.load("settings").Settings
    assert settings(Environment.load(config_dir=tmp_path, environ={})).size() == 6
    assert settings(Environment.load(config_dir=tmp_path, environ={"ACME_SIZE": "5"})).size() == 10


def test_reactor_operators_become_an_async_generator(translate, tmp_path: Path) -> None:
    source = (
        "package com.acme;\nimport reactor.core.publisher.Flux;\n"
        "public class Upper {\n"
        "  public Flux<String> shout(Flux<String> words) { return words.map(w -> w.toUpperCase()).filter(w -> !w.isEmpty()); }\n"
        "}\n"
    )
    app = translate(write_project(tmp_path / "flux", {"com/acme/Upper.java": source}))
    import asyncio

    async def words():
        for word in ("a", "", "b"):
            yield word

    async def collect() -> list[str]:
        return [w async for w in app.load("upper").Upper().shout(words())]

    assert asyncio.run(collect()) == ["A", "B"]
    assert "async def shout" in app.source("upper")


def test_completable_future_becomes_an_executor_submission(translate, tmp_path: Path) -> None:
    body = (
        "String f() throws Exception {\n"
        "  ExecutorService executor = Executors.newFixedThreadPool(2);\n"
        '  CompletableFuture<String> future = CompletableFuture.supplyAsync(() -> "done", executor);\n'
        "  String value = future.join();\n  executor.shutdown();\n  return value;\n}"
    )
    imports = "import java.util.concurrent.*;"
    app = _translate(translate, tmp_path, body, imports, "future")
    assert "executor.submit((lambda: \"done\"))" in app.source("demo")
    assert app.load("demo").Demo().f() == "done"


def test_parameterized_type_reference_becomes_a_typing_generic(translate, tmp_path: Path) -> None:
    body = "Object f() { return new ParameterizedTypeReference<List<String>>() {}; }"
    app = _translate(translate, tmp_path, body, "import java.util.List;\nimport org.springframework.core.ParameterizedTypeReference;", "ptr")
    assert app.load("demo").Demo().f() == list[str]


def test_memory_advisor_without_a_conversation_id_keeps_the_1x_default(
    translate, tmp_path: Path, openai_test_server, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Spring AI 1.x used the conversation id "default" when a request named none; 2.0.1
    # rejects such a request. The rule adds the 1.x default as a default advisor param.
    source = (
        "package com.acme;\n"
        "import org.springframework.ai.chat.client.ChatClient;\n"
        "import org.springframework.ai.chat.client.advisor.MessageChatMemoryAdvisor;\n"
        "import org.springframework.ai.chat.memory.MessageWindowChatMemory;\n"
        "import org.springframework.ai.chat.model.ChatModel;\n"
        "public class Chat {\n"
        "  private final ChatClient client;\n"
        "  public Chat(ChatModel model) {\n"
        "    this.client = ChatClient.builder(model)\n"
        "        .defaultAdvisors(MessageChatMemoryAdvisor.builder(MessageWindowChatMemory.builder().build()).build())\n"
        "        .build();\n"
        "  }\n"
        "  public String ask(String q) { return client.prompt(q).call().content(); }\n"
        "}\n"
    )
    app = translate(write_project(tmp_path / "memory", {"com/acme/Chat.java": source}))
    assert ruff(app.output).returncode == 0
    assert '.default_advisors((lambda a: a.param(ChatMemory.CONVERSATION_ID, "default")))' in app.source("chat")
    assert "1.x default conversation id" in app.migration_md()
    from spring_ai_py.openai import OpenAiChatModel, OpenAiChatOptions

    options = OpenAiChatOptions.builder().model("gpt-4o-mini").api_key("sk-test").base_url(openai_test_server.base_url).build()
    with OpenAiChatModel(options=options) as model:
        chat = app.load("chat").Chat(model)
        openai_test_server.enqueue_text("Hi Ada.")
        openai_test_server.enqueue_text("Your name is Ada.")
        assert chat.ask("I am Ada") == "Hi Ada."
        assert chat.ask("Who am I?") == "Your name is Ada."
    second = openai_test_server.requests[1].body["messages"]
    assert [m["content"] for m in second] == ["I am Ada", "Hi Ada.", "Who am I?"]


def test_record_components_of_spring_ai_records_are_attributes(translate, tmp_path: Path) -> None:
    source = (
        "package com.acme;\n"
        "import org.springframework.ai.tool.definition.ToolDefinition;\n"
        "import org.springframework.ai.tool.augment.AugmentedArgumentEvent;\n"
        "public class Events {\n"
        "  public String describe(java.util.List<AugmentedArgumentEvent<String>> events) {\n"
        '    return events.stream().map(event -> event.toolDefinition().name() + ":" + event.arguments())\n'
        "        .collect(java.util.stream.Collectors.joining());\n"
        "  }\n"
        "}\n"
    )
    app = translate(write_project(tmp_path / "events", {"com/acme/Events.java": source}))
    assert ruff(app.output).returncode == 0
    from spring_ai_py.tool.augment import AugmentedArgumentEvent
    from spring_ai_py.tool.definition import ToolDefinition

    event = AugmentedArgumentEvent(ToolDefinition("weather", "d", "{}"), "{}", "notes")
    assert app.load("events").Events().describe([event]) == "weather:notes"


def test_enum_with_constructor_arguments_keeps_its_name_as_value(translate, tmp_path: Path) -> None:
    source = (
        "package com.acme;\n"
        'public enum Unit {\n  C("metric"), F("imperial");\n'
        "  private final String unitName;\n"
        "  Unit(String unitName) { this.unitName = unitName; }\n"
        "  public String getUnitName() { return unitName; }\n}\n"
    )
    app = translate(write_project(tmp_path / "units", {"com/acme/Unit.java": source}))
    assert ruff(app.output).returncode == 0, app.source("unit")
    unit = app.load("unit").Unit
    assert unit.C.get_unit_name() == "metric"
    assert unit.F.get_unit_name() == "imperial"
    assert (unit.C.value, str(unit.F), unit("C")) == ("C", "F", unit.C)


def test_import_cycle_between_translated_modules_comes_after_the_body(translate, tmp_path: Path) -> None:
    # Java allows two classes to use each other; Python modules importing each other at
    # the top fail with "partially initialized module".
    files = {
        "com/acme/App.java": (
            "package com.acme;\npublic class App {\n  public enum Unit { C, F }\n"
            "  public String run() { return new Request().describe(); }\n}\n"
        ),
        "com/acme/Request.java": (
            "package com.acme;\npublic class Request {\n"
            "  private App.Unit unit = App.Unit.C;\n"
            '  public String describe() { return "unit " + unit; }\n'
            "  public App app() { return new App(); }\n}\n"
        ),
    }
    app = translate(write_project(tmp_path / "cycle", files))
    assert ruff(app.output).returncode == 0
    assert "# Imported last" in app.source("app") + app.source("request")
    assert app.load("app").App().run() == "unit C"
    assert app.load("request").Request().app().run() == "unit C"


def test_java_bean_becomes_a_mutable_pydantic_model_with_jackson_names(translate, tmp_path: Path) -> None:
    source = (
        "package com.acme;\n"
        "import com.fasterxml.jackson.annotation.JsonProperty;\n"
        "import com.fasterxml.jackson.annotation.JsonPropertyDescription;\n"
        "public class Request {\n"
        "  public Request() {}\n"
        '  @JsonProperty(required = true, value = "city_name")\n'
        '  @JsonPropertyDescription("The city")\n'
        '  private String city = "";\n'
        "  private int days;\n"
        "  public String getCity() { return city; }\n"
        "  public void setCity(String city) { this.city = city; }\n"
        "  public int getDays() { return days; }\n"
        "  public void setDays(int days) { this.days = days; }\n"
        "}\n"
    )
    app = translate(write_project(tmp_path / "bean", {"com/acme/Request.java": source}))
    assert ruff(app.output).returncode == 0, app.source("request")
    request_type = app.load("request").Request
    request = request_type.model_validate({"city_name": "Oslo", "days": 3})
    assert (request.get_city(), request.get_days()) == ("Oslo", 3)
    request.set_days(4)
    assert request.model_dump(by_alias=True) == {"city_name": "Oslo", "days": 4}
    schema = request_type.model_json_schema(by_alias=True)
    assert schema["properties"]["city_name"]["description"] == "The city"


def test_a_class_implementing_function_is_callable(translate, tmp_path: Path) -> None:
    source = (
        "package com.acme;\nimport java.util.function.Function;\n"
        "public class Doubler implements Function<Integer, Integer> {\n"
        "  @Override\n  public Integer apply(Integer x) { return x * 2; }\n}\n"
    )
    app = translate(write_project(tmp_path / "fn", {"com/acme/Doubler.java": source}))
    assert ruff(app.output).returncode == 0
    assert app.report.untranslated == []
    assert app.load("doubler").Doubler()(21) == 42


def test_local_records_and_enums_are_classes_of_the_function(translate, tmp_path: Path) -> None:
    # Two methods may declare local types of the same name; each sees its own.
    source = (
        "package com.acme;\n"
        "import tools.jackson.databind.json.JsonMapper;\n"
        "public class Reviews {\n"
        "  JsonMapper jsonMapper = new JsonMapper();\n"
        "  public String first() {\n"
        "    record Review(Sentiment sentiment, String name) {\n"
        "      enum Sentiment { GOOD, BAD }\n"
        "    }\n"
        '    Review review = new Review(Review.Sentiment.GOOD, "Her");\n'
        "    return jsonMapper.writeValueAsString(review);\n"
        "  }\n"
        "  public String second() {\n"
        "    record Review(int stars) {}\n"
        "    return jsonMapper.writeValueAsString(new Review(4));\n"
        "  }\n"
        "}\n"
    )
    app = translate(write_project(tmp_path / "local", {"com/acme/Reviews.java": source}))
    assert ruff(app.output).returncode == 0, app.source("reviews")
    assert app.report.untranslated == []
    reviews = app.load("reviews").Reviews()
    assert reviews.first() == '{"sentiment":"GOOD","name":"Her"}'
    assert reviews.second() == '{"stars":4}'


def test_a_tool_keeps_the_java_method_name_the_model_sees(translate, tmp_path: Path) -> None:
    source = (
        "package com.acme;\nimport org.springframework.ai.tool.annotation.Tool;\n"
        "public class Weather {\n"
        '  @Tool(description = "Temperature of a city")\n'
        '  public String getTemperature(String city) { return city + ": 20"; }\n'
        "}\n"
    )
    app = translate(write_project(tmp_path / "toolname", {"com/acme/Weather.java": source}))
    from spring_ai_py.tool import ToolCallbacks

    (callback,) = ToolCallbacks.from_(app.load("weather").Weather())
    assert callback.get_tool_definition().name == "getTemperature"
    assert callback.call('{"city": "Oslo"}') == "Oslo: 20"


def test_a_field_kept_as_todo_keeps_its_uses_as_todo_too(translate, tmp_path: Path) -> None:
    source = (
        "package com.acme;\nimport com.acme.vendor.Clock;\n"
        "public class Timer {\n  private final Clock clock = new Clock();\n"
        "  public long now() { return clock.millis(); }\n"
        "  public int one() { return 1; }\n}\n"
    )
    app = translate(write_project(tmp_path / "timer", {"com/acme/Timer.java": source}))
    result = ruff(app.output)
    assert result.returncode == 0, result.stdout
    code = app.source("timer")
    assert "# return clock.millis();" in code
    assert {f.line for f in app.report.untranslated} >= {4, 5}
    assert app.load("timer").Timer().one() == 1


def test_static_factories_enum_values_and_nested_imports(translate, tmp_path: Path) -> None:
    # The shapes of document-forge: a record with an instance success() and a static
    # success(...) factory, an enum's values(), a map of results, a nested type imported.
    files = {
        "com/acme/model/Result.java": (
            "package com.acme.model;\n"
            "public record Result(String id, Kind kind, Status status) {\n"
            "  public enum Status { DONE, PENDING }\n"
            "  public boolean success() { return status == Status.DONE; }\n"
            "  public static Result success(String id, Kind kind) { return new Result(id, kind, Status.DONE); }\n"
            "}\n"
        ),
        "com/acme/model/Kind.java": "package com.acme.model;\npublic enum Kind { PDF, SLIDES }\n",
        "com/acme/service/Store.java": (
            "package com.acme.service;\n"
            "import java.util.Map;\nimport java.util.concurrent.ConcurrentHashMap;\n"
            "import com.acme.model.Kind;\nimport com.acme.model.Result;\nimport com.acme.model.Result.Status;\n"
            "public class Store {\n"
            "  private final Map<String, Result> results = new ConcurrentHashMap<>();\n"
            "  public Result save(String id) { Result r = Result.success(id, Kind.valueOf(\"PDF\")); results.put(id, r); return r; }\n"
            "  public Result find(String id) { return results.get(id); }\n"
            "  public void drop(String id) { results.remove(id); }\n"
            "  public int kinds() { return Kind.values().length; }\n"
            "  public boolean done(Result r) { return r.status() == Status.DONE; }\n"
            "}\n"
        ),
    }
    app = translate(write_project(tmp_path / "forge", files))
    assert ruff(app.output).returncode == 0
    assert app.report.untranslated == []
    assert "def find(self, id_: str) -> Result | None:" in app.source("service.store")
    store = app.load("service.store").Store()
    saved = store.save("a")
    assert saved.success() and store.done(saved)
    assert store.find("a") is saved and store.kinds() == 2
    store.drop("a")
    store.drop("a")  # Java's Map.remove of a missing key is no error
    assert store.find("a") is None


def test_request_param_text_defaults_take_the_parameter_type(translate, tmp_path: Path) -> None:
    from fastapi import FastAPI
    from fastapi.testclient import TestClient

    source = (
        "package com.acme;\n"
        "import org.springframework.web.bind.annotation.*;\n"
        "@RestController\npublic class Flags {\n"
        '  @GetMapping("/flags")\n'
        '  public String flags(@RequestParam(defaultValue = "false") boolean watermark, @RequestParam(defaultValue = "3") int copies) {\n'
        '    return watermark + ":" + copies;\n  }\n}\n'
    )
    app = translate(write_project(tmp_path / "flags", {"com/acme/Flags.java": source}))
    code = app.source("flags")
    assert "= False" in code and "= int('3')" in code
    from spring_ai_py.migrate.web import route

    api = FastAPI()
    api.add_api_route("/flags", route(app.load("flags").Flags().flags), methods=["GET"])
    client = TestClient(api)
    assert client.get("/flags").text == "false:3"
    assert client.get("/flags", params={"watermark": "true", "copies": "2"}).text == "true:2"
