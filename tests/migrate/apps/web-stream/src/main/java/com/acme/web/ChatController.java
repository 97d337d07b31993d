package com.acme.web;

import reactor.core.publisher.Flux;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/ai")
public class ChatController {

	private final ChatClient chatClient;

	public ChatController(ChatClient.Builder builder) {
		this.chatClient = builder.build();
	}

	@GetMapping("/joke")
	public String joke(@RequestParam(value = "topic", defaultValue = "cats") String topic) {
		return chatClient.prompt().user("Tell me a joke about " + topic).call().content();
	}

	@GetMapping(value = "/stream", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
	public Flux<String> stream(@RequestParam("message") String message) {
		return chatClient.prompt().user(message).stream().content();
	}

	@GetMapping("/response/{language}")
	public ChatResponse response(@PathVariable String language) {
		return chatClient.prompt().user("Say hello in " + language).call().chatResponse();
	}

	@PostMapping("/translate")
	public Translation translate(@RequestBody TranslationRequest request) {
		String text = chatClient.prompt()
			.system("Translate into " + request.language())
			.user(request.text())
			.call()
			.content();
		return new Translation(request.text(), text);
	}

	public record TranslationRequest(String text, String language) {
	}

	public record Translation(String original, String translated) {
	}
}
